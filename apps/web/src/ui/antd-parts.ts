// The antd-mobile parts Padhub uses, in one lazily loaded chunk (see antd.tsx).
export { ActionSheet, Dialog, Toast, setDefaultConfig } from 'antd-mobile';
