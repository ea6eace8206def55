using System.Net;
using System.Net.Security;
using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;
using RpcCompare.LoadClient.Clients;
using RpcCompare.Stacks;

namespace RpcCompare.UnitTests.Clients;

/// <summary>What a client with --security tls accepts: the run's certificate itself, or one a user's CA signed for the host.</summary>
public sealed class ClientTlsTests
{
    [Fact]
    public void TheRunsOwnCertificateIsAcceptedWhateverTheStoreSays()
    {
        using var run = RunCertificates.CreateForLoopback(CertificateKeyKind.EcdsaP256);
        using var presented = X509CertificateLoader.LoadCertificate(run.RawData);

        Assert.True(ClientTls.Accepts(presented, null, SslPolicyErrors.RemoteCertificateChainErrors, run));
    }

    [Fact]
    public void AnotherRunsCertificateIsRefused()
    {
        using var run = RunCertificates.CreateForLoopback(CertificateKeyKind.EcdsaP256);
        using var another = RunCertificates.CreateForLoopback(CertificateKeyKind.EcdsaP256);

        Assert.False(ClientTls.Accepts(another, null, SslPolicyErrors.RemoteCertificateChainErrors, run));
        Assert.False(ClientTls.Accepts(null, null, SslPolicyErrors.RemoteCertificateNotAvailable, run));
    }

    [Fact]
    public void ACertificateTheUsersCaSignedIsAcceptedForItsHost()
    {
        using var ca = CreateCa("CN=RpcCompare test CA");
        using var otherCa = CreateCa("CN=Another CA");
        using var server = Sign(ca, "CN=server");

        Assert.True(ClientTls.Accepts(server, null, SslPolicyErrors.RemoteCertificateChainErrors, ca));
        Assert.False(ClientTls.Accepts(server, null, SslPolicyErrors.RemoteCertificateChainErrors, otherCa));
        Assert.False(ClientTls.Accepts(server, null,
            SslPolicyErrors.RemoteCertificateChainErrors | SslPolicyErrors.RemoteCertificateNameMismatch, ca));
    }

    private static X509Certificate2 CreateCa(string subject)
    {
        using var key = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        var request = new CertificateRequest(subject, key, HashAlgorithmName.SHA256);
        request.CertificateExtensions.Add(new X509BasicConstraintsExtension(true, false, 0, true));
        request.CertificateExtensions.Add(new X509KeyUsageExtension(X509KeyUsageFlags.KeyCertSign, true));
        request.CertificateExtensions.Add(new X509SubjectKeyIdentifierExtension(request.PublicKey, false));
        return request.CreateSelfSigned(DateTimeOffset.UtcNow.AddHours(-1), DateTimeOffset.UtcNow.AddDays(1));
    }

    private static X509Certificate2 Sign(X509Certificate2 ca, string subject)
    {
        using var key = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        var request = new CertificateRequest(subject, key, HashAlgorithmName.SHA256);
        var names = new SubjectAlternativeNameBuilder();
        names.AddIpAddress(IPAddress.Loopback);
        request.CertificateExtensions.Add(names.Build());
        request.CertificateExtensions.Add(new X509BasicConstraintsExtension(false, false, 0, true));
        request.CertificateExtensions.Add(new X509EnhancedKeyUsageExtension([new Oid("1.3.6.1.5.5.7.3.1")], false));
        using var signed = request.Create(ca, DateTimeOffset.UtcNow.AddHours(-1), DateTimeOffset.UtcNow.AddHours(12), [1, 2, 3, 4]);
        return signed.CopyWithPrivateKey(key);
    }
}
