using System.IO.Pipelines;
using Microsoft.AspNetCore.Http.Features;

namespace RpcCompare.Server.Common;

/// <summary>
/// A request's response body (<see cref="IHttpResponseBodyFeature"/>) whose Writer and Stream time the writes that wait
/// for the transport. Pooled: one per request in flight, attached to the server's feature for the request's life.
/// </summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("Design", "CA1001", Justification = "The stream holds nothing to dispose: it passes writes to the server's own stream, which the server disposes.")]
internal sealed class TimingResponseBody : IHttpResponseBodyFeature
{
    private readonly TimingPipeWriter _writer;
    private readonly TimingResponseStream _stream;
    private IHttpResponseBodyFeature? _inner;
    private long _completionThreshold;
    private long _bytes;

    public TimingResponseBody(TimeProvider time)
    {
        Clock = new WriteWaitClock(time);
        _writer = new TimingPipeWriter(this);
        _stream = new TimingResponseStream(this);
    }

    public WriteWaitClock Clock { get; }

    internal IHttpResponseBodyFeature Inner =>
        _inner ?? throw new InvalidOperationException("This response body is not attached to a request (it was used after its request ended).");

    public Stream Stream => _stream;

    public PipeWriter Writer => _writer;

    /// <summary>
    /// Wraps <paramref name="inner"/> for one request. Completing the response is timed only for a body over
    /// <paramref name="completionThreshold"/> bytes: the server sends at most that much without making a write wait, so a
    /// smaller response's completion is the hand-over of its last bytes, not waiting for the client.
    /// </summary>
    public void Attach(IHttpResponseBodyFeature inner, long completionThreshold)
    {
        _inner = inner;
        _completionThreshold = completionThreshold;
        _bytes = 0;
        Clock.Reset();
    }

    public void Detach()
    {
        _inner = null;
        _writer.Detach();
        _stream.Detach();
    }

    internal void Wrote(long bytes) => _bytes += bytes;

    public void DisableBuffering() => Inner.DisableBuffering();

    public Task StartAsync(CancellationToken cancellationToken = default) => Inner.StartAsync(cancellationToken);

    public Task SendFileAsync(string path, long offset, long? count, CancellationToken cancellationToken = default) =>
        Inner.SendFileAsync(path, offset, count, cancellationToken);

    /// <summary>
    /// Completing hands over what the response still holds (gRPC's unary handler never flushes: all of its answer goes
    /// out here). Over HTTP/1.1 it waits as a flush does; Kestrel's HTTP/2 completion was seen to return once the rest is
    /// queued (4.9 MB unary gRPC answers recorded no wait, default dataset), so such a transfer lies outside the server's
    /// request time altogether.
    /// </summary>
    public Task CompleteAsync() => _bytes > _completionThreshold ? Clock.Time(Inner.CompleteAsync()) : Inner.CompleteAsync();
}
