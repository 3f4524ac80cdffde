import {
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
  X509Certificate,
} from "node:crypto";
import forge from "node-forge";

/** The key and certificates that sign letters, read from a PKCS#12 file. */
export interface SigningIdentity {
  privateKey: KeyObject;
  /** The certificate matching the private key, DER. */
  certificate: Buffer;
  /** Every certificate of the file (the signer's first), DER, so validators can build the chain. */
  chain: Buffer[];
  subject: string;
  issuer: string;
  validFrom: Date;
  validTo: Date;
  selfSigned: boolean;
}

const OID = {
  keyBag: "1.2.840.113549.1.12.10.1.1",
  shroudedKeyBag: "1.2.840.113549.1.12.10.1.2",
  certBag: "1.2.840.113549.1.12.10.1.3",
  sha256WithRsa: "1.2.840.113549.1.1.11",
};

// Present in node-forge, missing from its type declarations.
const { getTBSCertificate } = forge.pki as unknown as {
  getTBSCertificate(cert: forge.pki.Certificate): forge.asn1.Asn1;
};

/** A PKCS#12 file that cannot sign letters; the message is safe to show the admin. */
export class CertificateError extends Error {}

/** Reads a PKCS#12 file with its passphrase; throws CertificateError when it cannot sign. */
export function readPkcs12(
  p12: Buffer,
  passphrase: string,
  { allowExpired = false }: { allowExpired?: boolean } = {},
): SigningIdentity {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString("binary")), false);
    parsed = forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase);
  } catch (e) {
    const wrongPassword = e instanceof Error && /password|mac|decrypt/i.test(e.message);
    throw new CertificateError(
      wrongPassword
        ? "The passphrase does not open this certificate file"
        : "The file is not a PKCS#12 (.p12/.pfx) certificate",
    );
  }
  const privateKey = findPrivateKey(parsed);
  const chain = findCertificates(parsed);
  const signer = chain.find((c) => c.x509.checkPrivateKey(privateKey));
  if (!signer) throw new CertificateError("No certificate in the file matches its private key");
  const validFrom = new Date(signer.x509.validFrom);
  const validTo = new Date(signer.x509.validTo);
  if (!allowExpired && validTo.getTime() < Date.now())
    throw new CertificateError("The certificate has expired");
  return {
    privateKey,
    certificate: signer.der,
    chain: [signer.der, ...chain.filter((c) => c !== signer).map((c) => c.der)],
    subject: oneLine(signer.x509.subject),
    issuer: oneLine(signer.x509.issuer),
    validFrom,
    validTo,
    selfSigned: signer.x509.subject === signer.x509.issuer,
  };
}

function findPrivateKey(p12: forge.pkcs12.Pkcs12Pfx): KeyObject {
  const bags = [
    ...(p12.getBags({ bagType: OID.shroudedKeyBag })[OID.shroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: OID.keyBag })[OID.keyBag] ?? []),
  ];
  for (const bag of bags) {
    // forge decodes only RSA keys; other kinds (EC) arrive as raw PrivateKeyInfo, which Node reads.
    const info = bag.key
      ? forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key))
      : (bag as { asn1?: forge.asn1.Asn1 }).asn1;
    if (!info) continue;
    const der = Buffer.from(forge.asn1.toDer(info).getBytes(), "binary");
    try {
      return createPrivateKey({ key: der, format: "der", type: "pkcs8" });
    } catch {}
  }
  throw new CertificateError("The certificate file holds no private key");
}

function findCertificates(p12: forge.pkcs12.Pkcs12Pfx): { der: Buffer; x509: X509Certificate }[] {
  const bags = p12.getBags({ bagType: OID.certBag })[OID.certBag] ?? [];
  const out: { der: Buffer; x509: X509Certificate }[] = [];
  for (const bag of bags) {
    const asn1 = bag.cert ? forge.pki.certificateToAsn1(bag.cert) : (bag as { asn1?: forge.asn1.Asn1 }).asn1;
    if (!asn1) continue;
    const der = Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
    try {
      out.push({ der, x509: new X509Certificate(der) });
    } catch {}
  }
  if (out.length === 0) throw new CertificateError("The certificate file holds no certificate");
  return out;
}

function oneLine(dn: string): string {
  return dn.split("\n").filter(Boolean).join(", ");
}

/** A new RSA key with a self-signed certificate valid ten years, as PKCS#12 with a random passphrase. */
export function generateSelfSignedPkcs12(organisationName: string): { p12: Buffer; passphrase: string } {
  // Node generates the key natively (fast); forge builds the certificate and the PKCS#12 container.
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  const publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // A positive serial: a leading 0 nibble keeps the DER integer from reading as negative.
  cert.serialNumber = `0${randomBytes(15).toString("hex")}`;
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600 * 1000);
  // UTF8String, so an organisation name in any script makes a valid certificate.
  const value = organisationName.slice(0, 64);
  const utf8 = forge.asn1.Type.UTF8 as unknown as forge.asn1.Class;
  const name = [
    { name: "commonName", value, valueTagClass: utf8 },
    { name: "organizationName", value, valueTagClass: utf8 },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
    { name: "subjectKeyIdentifier" },
  ]);
  // Signed natively: forge's own RSA takes a noticeable fraction of a second.
  cert.signatureOid = OID.sha256WithRsa;
  cert.siginfo.algorithmOid = OID.sha256WithRsa;
  const tbs = forge.asn1.toDer(getTBSCertificate(cert)).getBytes();
  cert.signature = sign("sha256", Buffer.from(tbs, "binary"), privateKey).toString("binary");
  const passphrase = randomBytes(24).toString("base64url");
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: "aes256" });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary"), passphrase };
}
