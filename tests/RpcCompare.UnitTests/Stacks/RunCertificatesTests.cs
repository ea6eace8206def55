using System.Net;
using System.Security.Cryptography.X509Certificates;
using RpcCompare.Stacks;

namespace RpcCompare.UnitTests.Stacks;

public sealed class RunCertificatesTests : IDisposable
{
    private readonly string _directory = Directory.CreateTempSubdirectory("rpccompare-cert-").FullName;

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    [Theory]
    [InlineData(CertificateKeyKind.EcdsaP256, "1.2.840.10045.2.1")]
    [InlineData(CertificateKeyKind.Rsa2048, "1.2.840.113549.1.1.1")]
    public void ACertificateRoundTripsThroughPemFiles(CertificateKeyKind kind, string keyAlgorithm)
    {
        using var made = RunCertificates.CreateForLoopback(kind);
        var (certificatePath, keyPath) = RunCertificates.WritePem(made, _directory);

        using var loaded = RunCertificates.LoadPem(certificatePath, keyPath);

        Assert.True(loaded.HasPrivateKey);
        Assert.Equal(keyAlgorithm, loaded.PublicKey.Oid.Value);
        Assert.True(RunCertificates.IsRunCertificate(loaded, made));
        var names = loaded.Extensions.OfType<X509SubjectAlternativeNameExtension>().Single();
        Assert.Equal(["localhost"], names.EnumerateDnsNames());
        Assert.Equal([IPAddress.Loopback, IPAddress.IPv6Loopback], names.EnumerateIPAddresses());
    }

    [Fact]
    [System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
    public void OnlyTheOwnerCanReadTheKeyFile()
    {
        using var made = RunCertificates.CreateForLoopback(CertificateKeyKind.EcdsaP256);
        var (_, keyPath) = RunCertificates.WritePem(made, _directory);

        Assert.Equal(UnixFileMode.UserRead | UnixFileMode.UserWrite, File.GetUnixFileMode(keyPath));
    }

    [Fact]
    public void AnotherCertificateIsNotTheRuns()
    {
        using var run = RunCertificates.CreateForLoopback(CertificateKeyKind.EcdsaP256);
        using var other = RunCertificates.CreateForLoopback(CertificateKeyKind.EcdsaP256);

        Assert.False(RunCertificates.IsRunCertificate(other, run));
        Assert.False(RunCertificates.IsRunCertificate(null, run));
    }

    [Fact]
    public void AMissingOrBrokenFileIsNamed()
    {
        var missing = Path.Combine(_directory, "absent.pem");
        var broken = Path.Combine(_directory, "broken.pem");
        File.WriteAllText(broken, "not a certificate");

        Assert.Contains("'" + missing + "' does not exist",
            Assert.Throws<CertificateFileException>(() => RunCertificates.LoadPem(missing, broken)).Message);
        Assert.Contains("are not a PEM certificate",
            Assert.Throws<CertificateFileException>(() => RunCertificates.LoadPem(broken, broken)).Message);
    }
}
