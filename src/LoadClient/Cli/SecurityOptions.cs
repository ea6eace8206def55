using System.CommandLine;
using RpcCompare.LoadClient.Runs;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Cli;

/// <summary>--security and the certificate options of a run (and of `servers`), and the checks that take the stacks and targets too.</summary>
public sealed class SecurityOptions
{
    public const string None = "none";
    public const string Tls = "tls";

    public Option<string> Security { get; } = Create();

    public Option<string> CertificateKind { get; } = KindOption();

    public Option<string?> Certificate { get; } = new("--certificate")
    {
        Description = "With --security tls: your own certificate (PEM) instead of one made for the run. The hosts the run (or " +
            "servers) starts serve it (with --certificate-key); the client trusts it alone for the run, as the server's certificate or as the CA " +
            "that signed a --target's. It is never added to the machine's trust store.",
        HelpName = "file",
    };

    public Option<string?> CertificateKey { get; } = new("--certificate-key")
    {
        Description = "The private key (PEM) of --certificate, for the hosts the run (or servers) starts; not needed when every stack is a --target.",
        HelpName = "file",
    };

    public IEnumerable<Option> All => [Security, CertificateKind, Certificate, CertificateKey];

    /// <summary>The security the options ask for, checked against the run's stacks and --target addresses.</summary>
    /// <exception cref="UserFacingException">Options that cannot go together, named.</exception>
    public RunSecurity Bind(ParseResult result, IReadOnlyList<string> stacks, IReadOnlyDictionary<string, string> targets) => Resolve(
        result.GetValue(Security)!,
        result.GetResult(CertificateKind) is { Implicit: false } ? result.GetValue(CertificateKind) : null,
        result.GetValue(Certificate), result.GetValue(CertificateKey), stacks, targets);

    /// <param name="kind">--certificate-kind when given (null: the default, not asked for).</param>
    public static RunSecurity Resolve(string mode, string? kind, string? certificate, string? key, IReadOnlyList<string> stacks,
        IReadOnlyDictionary<string, string> targets)
    {
        var https = targets.Where(t => new Uri(t.Value).Scheme == Uri.UriSchemeHttps).Select(t => t.Key).ToList();
        if (mode == None)
        {
            if (kind is not null || certificate is not null || key is not null)
            {
                throw new UserFacingException("--certificate-kind, --certificate and --certificate-key need --security tls.");
            }
            if (https.Count > 0)
            {
                throw new UserFacingException($"--target {https[0]} is an https:// address: give --security tls and --certificate with the certificate it serves (or its CA).");
            }
            return RunSecurity.None;
        }
        // NetTcp keeps its net.tcp:// address with transport security on: TLS is the binding's, not the scheme's.
        if (targets.FirstOrDefault(t => new Uri(t.Value).Scheme == Uri.UriSchemeHttp).Key is { } plain)
        {
            throw new UserFacingException($"--target {plain} is not an https:// address, but --security tls speaks TLS to every stack.");
        }
        if (key is not null && certificate is null)
        {
            throw new UserFacingException("--certificate-key needs --certificate: give the certificate it belongs to.");
        }
        if (certificate is not null && kind is not null)
        {
            throw new UserFacingException("--certificate-kind picks the key of a certificate made for the run; --certificate brings its own, so give one or the other.");
        }
        if (certificate is null && targets.Count > 0)
        {
            throw new UserFacingException("--security tls with --target needs --certificate FILE: the certificate the target serves, or the CA that signed it, which the client trusts for this run.");
        }
        if (certificate is not null && key is null && !stacks.All(targets.ContainsKey))
        {
            throw new UserFacingException("--certificate needs --certificate-key: the hosts this run starts serve that certificate with its private key.");
        }
        return new RunSecurity
        {
            Mode = SecurityMode.Tls,
            KeyKind = kind is null ? CertificateKeyKind.EcdsaP256 : Enum.GetValues<CertificateKeyKind>().Single(k => CertificateText.Name(k) == kind),
            CertificatePath = certificate,
            KeyPath = key,
        };
    }

    private static Option<string> KindOption()
    {
        var option = new Option<string>("--certificate-kind")
        {
            Description = "With --security tls: the key of the certificate made for the run, ecdsa-p256 (what a new deployment " +
                "picks) or rsa-2048 (what most run).",
            DefaultValueFactory = _ => CertificateText.Name(CertificateKeyKind.EcdsaP256),
            HelpName = "ecdsa-p256|rsa-2048",
        };
        option.AcceptOnlyFromAmong([.. Enum.GetValues<CertificateKeyKind>().Select(CertificateText.Name)]);
        return option;
    }

    private static Option<string> Create()
    {
        var option = new Option<string>("--security")
        {
            Description = "none: every stack in cleartext, as every figure so far (h2c, plain HTTP/1.1). tls: every HTTP stack over " +
                "HTTPS (HTTP/2 by ALPN for gRPC) and NetTcp over its TLS upgrade, with a certificate made for the run (or for servers, " +
                "which prints its file for a client elsewhere) and trusted by the client for the run only; see docs/security.md.",
            DefaultValueFactory = _ => None,
            HelpName = "none|tls",
        };
        option.AcceptOnlyFromAmong(None, Tls);
        return option;
    }
}
