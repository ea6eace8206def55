namespace RpcCompare.LoadClient.Clients;

/// <summary>What a stack's client is created with: the same for every stack of a run.</summary>
public sealed record ClientOptions
{
    /// <summary>A call that takes longer fails as a timeout; a stalled host never hangs a run.</summary>
    public TimeSpan RequestTimeout { get; init; } = Stacks.HostDefaults.RequestTimeout;

    /// <summary>REST only: speak HTTP/2 cleartext to the host's h2c endpoint instead of HTTP/1.1.</summary>
    public bool Http2 { get; init; }

    /// <summary>gRPC only: one GrpcChannel (one HTTP/2 connection until 100 streams are busy) per connection, calls spread in turn.</summary>
    public int Connections { get; init; } = 1;

    /// <summary>
    /// --connection-mode new-per-call: every call opens a connection of its own (and with TLS does a handshake) and closes
    /// it after, as a client that does not pool; the expensive objects a real client keeps (HttpClient, GrpcChannel,
    /// ChannelFactory) are still kept. False: connections kept for the whole run.
    /// </summary>
    public bool NewConnectionPerCall { get; init; }

    /// <summary>
    /// With security on (issue 39): the one certificate the client trusts for this run, whatever the machine's store
    /// says (see <see cref="Stacks.RunCertificates.IsRunCertificate"/>); null: security off, plain connections.
    /// </summary>
    public System.Security.Cryptography.X509Certificates.X509Certificate2? TrustedCertificate { get; init; }
}
