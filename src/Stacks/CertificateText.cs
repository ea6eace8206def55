using System.Security.Cryptography.X509Certificates;

namespace RpcCompare.Stacks;

/// <summary>How a certificate is named in a host's configuration lines and a run's manifest: its subject and its key.</summary>
public static class CertificateText
{
    /// <summary>"ECDSA P-256", "RSA 2048": what the handshake signs with, which is what its cost depends on.</summary>
    public static string KeyKind(X509Certificate2 certificate)
    {
        using var ecdsa = certificate.GetECDsaPublicKey();
        if (ecdsa is not null)
        {
            return $"ECDSA P-{ecdsa.KeySize}";
        }
        using var rsa = certificate.GetRSAPublicKey();
        return rsa is not null ? $"RSA {rsa.KeySize}" : certificate.PublicKey.Oid.FriendlyName ?? certificate.PublicKey.Oid.Value ?? "unknown key";
    }

    /// <summary>The command line's name of a key kind (--certificate-kind), and the words the manifest records for it.</summary>
    public static string Name(CertificateKeyKind kind) => kind switch
    {
        CertificateKeyKind.EcdsaP256 => "ecdsa-p256",
        CertificateKeyKind.Rsa2048 => "rsa-2048",
        _ => throw new ArgumentOutOfRangeException(nameof(kind), kind, null),
    };

    /// <summary>"CN=RpcCompare run certificate, ECDSA P-256".</summary>
    public static string Describe(X509Certificate2 certificate) => $"{certificate.Subject}, {KeyKind(certificate)}";
}
