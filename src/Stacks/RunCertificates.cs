using System.Net;
using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;

namespace RpcCompare.Stacks;

/// <summary>The kind of key a run's certificate has: ECDSA P-256 is what a new deployment picks, RSA 2048 what most run.</summary>
public enum CertificateKeyKind
{
    EcdsaP256,
    Rsa2048,
}

/// <summary>
/// A certificate made for one run: self-signed, valid for the names the hosts answer to, written where only this user can
/// read its key, and trusted by the load client for this run only (never added to the machine's trust store).
/// </summary>
public static class RunCertificates
{
    /// <summary>A self-signed server certificate for <paramref name="dnsNames"/> and <paramref name="addresses"/>, valid
    /// from an hour ago (clock skew) for <paramref name="lifetime"/>.</summary>
    public static X509Certificate2 Create(CertificateKeyKind kind, IEnumerable<string> dnsNames, IEnumerable<IPAddress> addresses,
        TimeSpan lifetime)
    {
        var names = new SubjectAlternativeNameBuilder();
        foreach (var name in dnsNames)
        {
            names.AddDnsName(name);
        }
        foreach (var address in addresses)
        {
            names.AddIpAddress(address);
        }
        var subject = new X500DistinguishedName("CN=RpcCompare run certificate");
        using var ecdsa = kind == CertificateKeyKind.EcdsaP256 ? ECDsa.Create(ECCurve.NamedCurves.nistP256) : null;
        using var rsa = kind == CertificateKeyKind.Rsa2048 ? RSA.Create(2048) : null;
        var request = ecdsa is not null
            ? new CertificateRequest(subject, ecdsa, HashAlgorithmName.SHA256)
            : new CertificateRequest(subject, rsa!, HashAlgorithmName.SHA256, RSASignaturePadding.Pkcs1);
        request.CertificateExtensions.Add(names.Build());
        request.CertificateExtensions.Add(new X509BasicConstraintsExtension(false, false, 0, true));
        request.CertificateExtensions.Add(new X509KeyUsageExtension(
            kind == CertificateKeyKind.EcdsaP256 ? X509KeyUsageFlags.DigitalSignature
                : X509KeyUsageFlags.DigitalSignature | X509KeyUsageFlags.KeyEncipherment, true));
        request.CertificateExtensions.Add(new X509EnhancedKeyUsageExtension([new Oid("1.3.6.1.5.5.7.3.1")], false));
        var now = DateTimeOffset.UtcNow;
        return request.CreateSelfSigned(now.AddHours(-1), now.Add(lifetime));
    }

    /// <summary>The names every local host answers to.</summary>
    public static X509Certificate2 CreateForLoopback(CertificateKeyKind kind) =>
        Create(kind, ["localhost"], [IPAddress.Loopback, IPAddress.IPv6Loopback], TimeSpan.FromDays(2));

    /// <summary>Writes the certificate and its key as PEM files in <paramref name="directory"/>; the key file is readable by
    /// this user only.</summary>
    public static (string CertificatePath, string KeyPath) WritePem(X509Certificate2 certificate, string directory)
    {
        Directory.CreateDirectory(directory);
        var certificatePath = Path.Combine(directory, "run-certificate.pem");
        var keyPath = Path.Combine(directory, "run-certificate.key");
        File.WriteAllText(certificatePath, certificate.ExportCertificatePem());
        var key = (AsymmetricAlgorithm?)certificate.GetECDsaPrivateKey() ?? certificate.GetRSAPrivateKey()
            ?? throw new ArgumentException("The certificate has no private key to write.", nameof(certificate));
        using (key)
        {
            var options = new FileStreamOptions { Mode = FileMode.Create, Access = FileAccess.Write };
            if (!OperatingSystem.IsWindows())
            {
                options.UnixCreateMode = UnixFileMode.UserRead | UnixFileMode.UserWrite;
            }
            using var writer = new StreamWriter(keyPath, System.Text.Encoding.ASCII, options);
            writer.Write(key.ExportPkcs8PrivateKeyPem());
        }
        return (certificatePath, keyPath);
    }

    /// <summary>Reads a certificate and its key from PEM files; a missing or unreadable file is an error that names it.</summary>
    public static X509Certificate2 LoadPem(string certificatePath, string keyPath)
    {
        foreach (var path in new[] { certificatePath, keyPath })
        {
            if (!File.Exists(path))
            {
                throw new CertificateFileException($"The certificate file '{path}' does not exist.");
            }
        }
        try
        {
            return X509Certificate2.CreateFromPemFile(certificatePath, keyPath);
        }
        catch (Exception e) when (e is CryptographicException or ArgumentException)
        {
            throw new CertificateFileException(
                $"'{certificatePath}' and '{keyPath}' are not a PEM certificate and its private key: {e.Message}");
        }
    }

    /// <summary>
    /// True when <paramref name="presented"/> is the run's own certificate: a client trusts exactly that certificate for the
    /// run (it is its own root), and nothing the machine's store says changes it.
    /// </summary>
    public static bool IsRunCertificate(X509Certificate? presented, X509Certificate2 runCertificate) =>
        presented is not null && presented.GetRawCertData().AsSpan().SequenceEqual(runCertificate.RawData);
}

public sealed class CertificateFileException(string message) : Exception(message);
