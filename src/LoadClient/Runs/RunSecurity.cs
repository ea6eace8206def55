using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Runs;

/// <summary>--security: cleartext as every figure so far, or TLS on every stack.</summary>
public enum SecurityMode
{
    None,
    Tls,
}

/// <summary>
/// What --security, --certificate-kind, --certificate and --certificate-key asked for, checked against the stacks and the
/// targets (<see cref="Cli.SecurityOptions"/>); the certificate itself is made or read when the run starts (<see cref="RunTls"/>).
/// </summary>
public sealed record RunSecurity
{
    public static RunSecurity None { get; } = new();

    public SecurityMode Mode { get; init; }

    /// <summary>The key of the certificate made for the run; unused when the user gives one.</summary>
    public CertificateKeyKind KeyKind { get; init; } = CertificateKeyKind.EcdsaP256;

    /// <summary>The user's own certificate (PEM): the hosts serve it and the client trusts it, a CA's or the server's own.</summary>
    public string? CertificatePath { get; init; }

    /// <summary>Its private key (PEM); null when no host is started, since a --target's certificate only needs trusting.</summary>
    public string? KeyPath { get; init; }

    public bool IsTls => Mode == SecurityMode.Tls;
}
