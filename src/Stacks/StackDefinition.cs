namespace RpcCompare.Stacks;

/// <summary>What identifies a stack everywhere: on the command line, in results, in charts and in its host.</summary>
/// <param name="Id">The name on the command line and in results ("grpc").</param>
/// <param name="DisplayName">The name people read ("gRPC").</param>
/// <param name="DefaultPort">The port its host listens on when started by hand (`rpccompare servers`, or the host's
/// own `dotnet run`); the load client's spawned hosts let the OS pick one.</param>
/// <param name="Streaming">Whether it streams GetLinks and SearchNodes (server-streaming gRPC, chunked REST), which
/// adds the scenarios' "stream" variants.</param>
/// <param name="SingleRequestPage">Whether one request can fetch a page of nodes with their links (a GraphQL query),
/// which adds the N+1 scenario's one-request variant.</param>
/// <param name="Scheme">The scheme of its addresses: http, or net.tcp for WCF.</param>
/// <param name="Endpoint">The name its host gives its endpoint in the ready line (<see cref="EndpointNames"/>).</param>
/// <param name="Http2Endpoint">The name of an HTTP/2 cleartext endpoint the host opens besides when asked (REST's h2c
/// for --rest-http2); null when it has none.</param>
/// <param name="InDefaultRun">Whether a run measures it when --stacks is not given.</param>
public sealed record StackDefinition(string Id, string DisplayName, int DefaultPort, bool Streaming, bool SingleRequestPage,
    string Scheme, string Endpoint, string? Http2Endpoint = null, bool InDefaultRun = true)
{
    /// <summary>Every endpoint name its host may announce.</summary>
    public IReadOnlyList<string> EndpointNames => Http2Endpoint is null ? [Endpoint] : [Endpoint, Http2Endpoint];
}

/// <summary>The names hosts give their endpoints in the ready line, and clients look them up by.</summary>
public static class EndpointNames
{
    public const string Grpc = "grpc";
    public const string NetTcp = "nettcp";
    public const string Http = "http";
    public const string H2c = "h2c";
}
