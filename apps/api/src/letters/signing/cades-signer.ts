import { createHash, sign } from "node:crypto";
import { Signer } from "@signpdf/utils";
import forge from "node-forge";
import type { SigningIdentity } from "./pkcs12.js";

const { asn1 } = forge;
const U = asn1.Class.UNIVERSAL;
const T = asn1.Type;

const OID = {
  signedData: "1.2.840.113549.1.7.2",
  data: "1.2.840.113549.1.7.1",
  sha256: "2.16.840.1.101.3.4.2.1",
  rsaEncryption: "1.2.840.113549.1.1.1",
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
};

const seq = (items: forge.asn1.Asn1[]) => asn1.create(U, T.SEQUENCE, true, items);
const set = (items: forge.asn1.Asn1[]) => asn1.create(U, T.SET, true, items);
const oid = (id: string) => asn1.create(U, T.OID, false, asn1.oidToDer(id).getBytes());
const octets = (b: Buffer) => asn1.create(U, T.OCTETSTRING, false, b.toString("binary"));
const int = (n: number) => asn1.create(U, T.INTEGER, false, asn1.integerToDer(n).getBytes());
const der = (node: forge.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), "binary");
const fromDer = (b: Buffer) => asn1.fromDer(forge.util.createBuffer(b.toString("binary")));
const algorithm = (id: string, nullParams: boolean) =>
  seq(nullParams ? [oid(id), asn1.create(U, T.NULL, false, "")] : [oid(id)]);

/**
 * Signs the PDF's byte ranges as a CAdES detached signature (PAdES baseline B): the signed
 * attributes carry the content type, the digest and the signer's certificate hash
 * (signing-certificate-v2), and no signing-time, which PAdES keeps in the signature dictionary.
 * Hashing and the private-key operation run in Node's native crypto.
 */
export class CadesSigner extends Signer {
  private readonly issuerAndSerial: forge.asn1.Asn1;
  private readonly certificateHash: Buffer;

  constructor(private readonly identity: SigningIdentity) {
    super();
    const tbs = (fromDer(identity.certificate).value as forge.asn1.Asn1[])[0];
    const fields = tbs?.value as forge.asn1.Asn1[];
    // tbsCertificate starts with an optional [0] version; serial and issuer follow.
    const offset = fields[0]?.tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
    const serial = fields[offset];
    const issuer = fields[offset + 2];
    if (!serial || !issuer) throw new Error("certificate without serial or issuer");
    this.issuerAndSerial = seq([issuer, serial]);
    this.certificateHash = createHash("sha256").update(identity.certificate).digest();
  }

  /** The DER CMS SignedData for the bytes the PDF's ByteRange covers. */
  override async sign(content: Buffer): Promise<Buffer> {
    const digest = createHash("sha256").update(content).digest();
    const attributes = [
      seq([oid(OID.contentType), set([oid(OID.data)])]),
      seq([oid(OID.messageDigest), set([octets(digest)])]),
      seq([
        oid(OID.signingCertificateV2),
        // ESSCertIDv2 with the default hash algorithm (SHA-256), which DER leaves out.
        set([
          seq([seq([seq([octets(this.certificateHash), seq([seq([this.issuerName()]), this.serial()])])])]),
        ]),
      ]),
    ];
    // DER orders a SET OF by the encodings of its elements.
    attributes.sort((a, b) => Buffer.compare(der(a), der(b)));
    const signedAttributes = der(set(attributes));
    const isEc = this.identity.privateKey.asymmetricKeyType === "ec";
    const signature = sign("sha256", signedAttributes, this.identity.privateKey);

    const signerInfo = seq([
      int(1),
      this.issuerAndSerial,
      algorithm(OID.sha256, true),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, attributes),
      isEc ? algorithm(OID.ecdsaWithSha256, false) : algorithm(OID.rsaEncryption, true),
      octets(signature),
    ]);
    const certificates = this.identity.chain.map((c) => fromDer(c));
    const signedData = seq([
      int(1),
      set([algorithm(OID.sha256, true)]),
      seq([oid(OID.data)]),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, certificates),
      set([signerInfo]),
    ]);
    return der(seq([oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]));
  }

  /** The issuer as a GeneralName (directoryName [4]) for IssuerSerial. */
  private issuerName(): forge.asn1.Asn1 {
    const [issuer] = this.issuerAndSerial.value as forge.asn1.Asn1[];
    return asn1.create(asn1.Class.CONTEXT_SPECIFIC, 4, true, [issuer as forge.asn1.Asn1]);
  }

  private serial(): forge.asn1.Asn1 {
    return (this.issuerAndSerial.value as forge.asn1.Asn1[])[1] as forge.asn1.Asn1;
  }
}
