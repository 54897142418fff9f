// antd's imperative overlays, in a chunk of their own (shared/overlays loads it on first use).
export { Dialog, Toast } from 'antd-mobile';
