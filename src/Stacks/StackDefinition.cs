namespace RpcCompare.Definitions;

/// <summary>What identifies a stack everywhere: on the command line, in results, in charts and in its host.</summary>
/// <param name="Id">The name on the command line and in results ("grpc").</param>
/// <param name="DisplayName">The name people read ("gRPC").</param>
/// <param name="DefaultPort">The port its host listens on when started by hand (`rpccompare servers`, or the host's
/// own `dotnet run`); the load client's spawned hosts let the OS pick one.</param>
/// <param name="Streaming">Whether it streams GetLinks and SearchNodes (server-streaming gRPC, chunked REST), which
/// adds the scenarios' "stream" variants.</param>
/// <param name="SingleRequestPage">Whether one request can fetch a page of nodes with their links (a GraphQL query),
/// which adds the N+1 scenario's one-request variant.</param>
public sealed record StackDefinition(string Id, string DisplayName, int DefaultPort, bool Streaming, bool SingleRequestPage);
