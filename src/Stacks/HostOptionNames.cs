namespace RpcCompare.Stacks;

/// <summary>The options the hosts read (`--name=value` or the environment), which the load client writes when it
/// starts one: one spelling for both sides.</summary>
public static class HostOptionNames
{
    public const string Port = "port";
    public const string Bind = "bind";
    public const string Connection = "connection";
    public const string AllowWrites = "allow-writes";
    public const string DbPoolSize = "db-pool-size";
    public const string QueryDelayMs = "query-delay-ms";
    public const string ParentPid = "parent-pid";

    /// <summary>Refuse to start unless a database password is configured (crank's jobs: no run falls back to a default).</summary>
    public const string RequirePassword = "require-password";

    /// <summary>REST's second endpoint, HTTP/2 cleartext (--rest-http2).</summary>
    public const string Http2Port = "http2-port";

    /// <summary>Serve over TLS with this certificate (a PEM file); with <see cref="CertificateKey"/>. Absent: security off.</summary>
    public const string Certificate = "certificate";

    /// <summary>The certificate's private key (a PEM file, readable by the host's user only).</summary>
    public const string CertificateKey = "certificate-key";
}
