// The antd-mobile parts Padhub uses, in one lazily loaded chunk (see antd.tsx).
export { Dialog, Popup, Toast, setDefaultConfig } from 'antd-mobile';
