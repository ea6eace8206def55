using System.Diagnostics;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// Marks a gRPC answer's first byte: Grpc.Net.Client's request returns from the HTTP handler when the response headers
/// arrive, in the call's async flow. Where nothing is measured it passes the request through untouched; where something
/// is, the wait for the headers is one more async step (its state machine, about 100 bytes, is this hook's only cost
/// per call).
/// </summary>
internal sealed class AnswerHeadersTiming(HttpMessageHandler inner) : DelegatingHandler(inner)
{
    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken) =>
        CallTiming.Current is { } timing ? TimedAsync(request, timing, cancellationToken) : base.SendAsync(request, cancellationToken);

    private async Task<HttpResponseMessage> TimedAsync(HttpRequestMessage request, CallTiming timing, CancellationToken cancellationToken)
    {
        var response = await base.SendAsync(request, cancellationToken).ConfigureAwait(false);
        timing.MarkFirstByte(Stopwatch.GetTimestamp());
        return response;
    }
}
