using System.CommandLine;
using RpcCompare.LoadClient;
using RpcCompare.LoadClient.Cli;
using RpcCompare.LoadClient.Runs;
using RpcCompare.Stacks;

namespace RpcCompare.UnitTests.Cli;

/// <summary>--security and its certificate options: what a run asks for, and the combinations refused by name.</summary>
public sealed class SecurityOptionsTests
{
    private static readonly Dictionary<string, string> NoTargets = [];

    [Fact]
    public void SecurityIsOffUnlessAskedFor()
    {
        var (root, options) = Command();

        var security = options.Bind(root.Parse([]), ["grpc", "wcf"], NoTargets);

        Assert.Equal(RunSecurity.None, security);
    }

    [Theory]
    [InlineData(null, CertificateKeyKind.EcdsaP256)]
    [InlineData("ecdsa-p256", CertificateKeyKind.EcdsaP256)]
    [InlineData("rsa-2048", CertificateKeyKind.Rsa2048)]
    public void TlsMakesACertificateOfTheKindAskedFor(string? kind, CertificateKeyKind expected)
    {
        var security = SecurityOptions.Resolve("tls", kind, null, null, ["grpc", "rest"], NoTargets);

        Assert.Equal(new RunSecurity { Mode = SecurityMode.Tls, KeyKind = expected }, security);
    }

    [Fact]
    public void TheKindParsesFromTheCommandLine()
    {
        var (root, options) = Command();

        var security = options.Bind(root.Parse(["--security", "tls", "--certificate-kind", "rsa-2048"]), ["grpc"], NoTargets);
        var refused = root.Parse(["--security", "ssl", "--certificate-kind", "dsa"]).Errors.Select(e => e.Message).ToList();

        Assert.Equal(CertificateKeyKind.Rsa2048, security.KeyKind);
        Assert.Equal(2, refused.Count);
        Assert.Contains(refused, m => m.Contains("'ssl'", StringComparison.Ordinal));
        Assert.Contains(refused, m => m.Contains("'dsa'", StringComparison.Ordinal));
    }

    [Fact]
    public void ACertificateOfTheUsersOwnIsServedAndTrusted()
    {
        var security = SecurityOptions.Resolve("tls", null, "server.pem", "server.key", ["grpc"], NoTargets);

        Assert.Equal(("server.pem", "server.key"), (security.CertificatePath, security.KeyPath));
    }

    [Fact]
    public void TargetsElsewhereNeedOnlyTheCertificateToTrust()
    {
        var targets = new Dictionary<string, string> { ["grpc"] = "https://10.0.0.5:7001" };

        var security = SecurityOptions.Resolve("tls", null, "ca.pem", null, ["grpc"], targets);

        Assert.Equal(("ca.pem", (string?)null), (security.CertificatePath, security.KeyPath));
    }

    [Fact]
    public void ANetTcpTargetKeepsItsSchemeUnderTls()
    {
        var targets = new Dictionary<string, string> { ["wcf"] = "net.tcp://10.0.0.5:7002/graph", ["grpc"] = "https://10.0.0.5:7001" };

        var security = SecurityOptions.Resolve("tls", null, "ca.pem", null, ["grpc", "wcf"], targets);

        Assert.Equal(SecurityMode.Tls, security.Mode);
    }

    public static TheoryData<string, string?, string?, string?, string[], string?, string> Refusals => new()
    {
        { "none", "rsa-2048", null, null, ["grpc"], null, "--certificate-kind, --certificate and --certificate-key need --security tls." },
        { "none", null, "c.pem", null, ["grpc"], null, "--certificate-kind, --certificate and --certificate-key need --security tls." },
        { "none", null, null, null, ["grpc"], "https://h:1", "--target grpc is an https:// address: give --security tls and --certificate with the certificate it serves (or its CA)." },
        { "tls", null, "c.pem", null, ["grpc"], "http://h:1", "--target grpc is not an https:// address, but --security tls speaks TLS to every stack." },
        { "tls", null, null, "c.key", ["grpc"], null, "--certificate-key needs --certificate: give the certificate it belongs to." },
        { "tls", "rsa-2048", "c.pem", "c.key", ["grpc"], null, "--certificate-kind picks the key of a certificate made for the run; --certificate brings its own, so give one or the other." },
        { "tls", null, null, null, ["grpc"], "https://h:1", "--security tls with --target needs --certificate FILE: the certificate the target serves, or the CA that signed it, which the client trusts for this run." },
        { "tls", null, "c.pem", null, ["grpc", "rest"], null, "--certificate needs --certificate-key: the hosts this run starts serve that certificate with its private key." },
    };

    [Theory]
    [MemberData(nameof(Refusals))]
    public void CombinationsThatCannotWorkAreRefusedByName(string mode, string? kind, string? certificate, string? key, string[] stacks,
        string? grpcTarget, string expected)
    {
        var targets = grpcTarget is null ? NoTargets : new Dictionary<string, string> { ["grpc"] = grpcTarget };

        var refusal = Assert.Throws<UserFacingException>(() => SecurityOptions.Resolve(mode, kind, certificate, key, stacks, targets));

        Assert.Equal(expected, refusal.Message);
    }

    private static (RootCommand Root, SecurityOptions Options) Command()
    {
        var root = new RootCommand();
        var options = new SecurityOptions();
        foreach (var option in options.All)
        {
            root.Options.Add(option);
        }
        return (root, options);
    }

    [Fact]
    public void AnHttpsTargetIsAnAddressAnHttpStackTakes()
    {
        var targets = StackList.ParseTargets(["rest=https://10.0.0.5:7003", "grpc=http://10.0.0.5:7001"]);

        var wcf = Assert.Throws<UserFacingException>(() => StackList.ParseTargets(["wcf=https://10.0.0.5:7002/graph"]));
        var rest = Assert.Throws<UserFacingException>(() => StackList.ParseTargets(["rest=ftp://10.0.0.5:7003"]));

        Assert.Equal("https://10.0.0.5:7003", targets["rest"]);
        Assert.Equal("--target wcf: the address must start with net.tcp:// (was https://10.0.0.5:7002/graph).", wcf.Message);
        Assert.Equal("--target rest: the address must start with http:// or https:// (was ftp://10.0.0.5:7003).", rest.Message);
    }
}
