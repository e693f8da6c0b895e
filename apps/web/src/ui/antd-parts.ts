// The antd-mobile parts Padhub uses, in one lazily loaded chunk (see antd.tsx).
export { ActionSheet, Dialog, ImageViewer, Toast, setDefaultConfig } from 'antd-mobile';
