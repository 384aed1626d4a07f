export { SignButton } from './SignButton';
export { SignPad } from './SignPad';
export { SignatureLayer } from './SignatureLayer';
export { SignatureBar } from './SignatureBar';
