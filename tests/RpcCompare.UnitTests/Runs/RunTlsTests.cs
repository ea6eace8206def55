using RpcCompare.LoadClient;
using RpcCompare.LoadClient.Runs;
using RpcCompare.Stacks;

namespace RpcCompare.UnitTests.Runs;

/// <summary>The certificate of a TLS run: made into a private folder that goes with the run, or read from the user's file.</summary>
public sealed class RunTlsTests
{
    private static readonly RunSecurity Tls = new() { Mode = SecurityMode.Tls };

    [Fact]
    [System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
    public void ARunsCertificateIsWrittenPrivatelyAndDeletedAfter()
    {
        string folder;
        using (var tls = RunTls.Open(Tls with { KeyKind = CertificateKeyKind.Rsa2048 }))
        {
            folder = tls.Folder!;
            using var served = RunCertificates.LoadPem(tls.CertificatePath!, tls.KeyPath!);

            Assert.Equal(UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute, File.GetUnixFileMode(folder));
            Assert.Equal(UnixFileMode.UserRead | UnixFileMode.UserWrite, File.GetUnixFileMode(tls.KeyPath!));
            Assert.True(RunCertificates.IsRunCertificate(served, tls.Certificate));
            Assert.Equal(("tls", "RSA 2048"), (tls.ToInfo().Mode, tls.ToInfo().KeyKind));
        }

        Assert.False(Directory.Exists(folder));
    }

    [Fact]
    public void AUsersCertificateWithoutAKeyIsReadToBeTrusted()
    {
        using var temp = new TempFolder();
        using var made = RunCertificates.CreateForLoopback(CertificateKeyKind.EcdsaP256);
        var path = temp.Combine("ca.pem");
        File.WriteAllText(path, made.ExportCertificatePem());

        using var tls = RunTls.Open(Tls with { CertificatePath = path });

        Assert.True(RunCertificates.IsRunCertificate(tls.Certificate, made));
        Assert.Equal((path, (string?)null, (string?)null), (tls.CertificatePath, tls.KeyPath, tls.Folder));
    }

    [Fact]
    public void AMissingOrUnreadableCertificateIsOneSentence()
    {
        using var temp = new TempFolder();
        var garbage = temp.Combine("garbage.pem");
        File.WriteAllText(garbage, "not a certificate");

        var missing = Assert.Throws<UserFacingException>(() => RunTls.Open(Tls with { CertificatePath = temp.Combine("none.pem") }));
        var unreadable = Assert.Throws<UserFacingException>(() => RunTls.Open(Tls with { CertificatePath = garbage }));

        Assert.Equal($"The certificate file '{temp.Combine("none.pem")}' (--certificate) does not exist.", missing.Message);
        Assert.StartsWith($"--certificate: '{garbage}' is not a PEM certificate (", unreadable.Message, StringComparison.Ordinal);
    }
}
