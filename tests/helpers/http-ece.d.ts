// http_ece (Encrypted Content-Encoding for HTTP, RFC 8188, web-push's own dependency) ships no types: what
// the push tests use of it, decrypting a Web Push body as a browser does (RFC 8291).
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  interface DecryptParams {
    version: 'aes128gcm';
    /** The receiver's (browser's) key pair; the sender's public key comes from the body's header. */
    privateKey: ECDH;
    /** base64url */
    authSecret: string;
  }
  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
