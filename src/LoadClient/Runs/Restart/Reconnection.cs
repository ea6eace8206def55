using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Runs.Restart;

/// <summary>
/// How each stack's client, as this project configures it (src/LoadClient/Clients), finds its host again after a restart,
/// for the restart results and docs/performance.md. Each follows its library's guidance: one long-lived channel or client
/// that reconnects by itself (grpc-dotnet, HttpClient), a faulted WCF channel aborted and replaced (WCF).
/// </summary>
public static class Reconnection
{
    public static string Of(string stack) => StackReplica.BaseOf(stack) switch
    {
        StackCatalog.Grpc or StackCatalog.GrpcCodeFirst =>
            "One GrpcChannel kept for the run, as grpc-dotnet advises; it is never recreated. Its SocketsHttpHandler has the " +
            "project's byte-counting ConnectCallback, so grpc-dotnet treats the handler as custom and leaves its subchannel " +
            "connectivity (reconnect backoff from 1 s up to 120 s) off: after the drop each call makes the handler open a new " +
            "HTTP/2 connection, a call that meets no listener fails at once (Unavailable) and the caller waits " +
            "100 ms; no retry policy, WaitForReady off.",
        StackCatalog.GrpcWeb =>
            "One GrpcChannel over GrpcWebHandler kept for the run: HTTP/1.1 connections from SocketsHttpHandler's pool, a " +
            "broken one dropped and a new one opened for the next call; a call that meets no listener fails at once and " +
            "the caller waits 100 ms after a refused connection; no retry policy.",
        StackCatalog.Wcf =>
            "One ChannelFactory and an open channel per caller (a NetTcp session carries one call at a time). A broken session " +
            "faults its channel, which WCF cannot reuse: the client aborts it, as WCF's guidance says, and the caller's next " +
            "call opens a new channel (a new connection and session handshake, the channel open of dotnet/wcf #4428); an open " +
            "that meets no listener fails as refused and the caller waits 100 ms. Nothing is retried.",
        StackCatalog.WcfHttp =>
            "One ChannelFactory and one BasicHttp channel shared by every caller; the HTTP/1.1 connections are HttpClient's " +
            "pool underneath, a broken one dropped and a new one opened. A channel that faults is aborted and replaced. Nothing " +
            "is retried by the client.",
        _ =>
            "One HttpClient over one SocketsHttpHandler kept for the run, as .NET's guidance says: a pooled connection the " +
            "host closed is dropped and the next request opens a new one (the handler itself resends a request only when a " +
            "reused connection broke before the request went out); a request that meets no listener fails at once and " +
            "the caller waits 100 ms after a refused connection. Nothing else is retried.",
    };
}
