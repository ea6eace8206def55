using System.IO.Pipelines;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Http.Metadata;
using RpcCompare.Server.Common;

namespace RpcCompare.UnitTests.ServerCommon;

/// <summary>
/// The timing response body counts only the awaits the transport held back: a pipe with a small pause threshold plays
/// the full HTTP/2 window or socket buffer, its reader the client that reads later, and the clock moves only by hand.
/// </summary>
public sealed class TimingResponseBodyTests
{
    private static readonly TimeSpan Held = TimeSpan.FromSeconds(3);

    [Fact]
    public async Task AFlushTheTransportHoldsBackIsTimed()
    {
        var (body, pipe, clock) = Attached(pauseAt: 16);
        Write(body.Writer, 100);

        var flush = body.Writer.FlushAsync();
        Assert.False(flush.IsCompleted);
        clock.Advance(Held);
        await ReadAllAsync(pipe);
        await flush;

        Assert.Equal(Held, body.Clock.Blocked);
    }

    [Fact]
    public async Task WritesThatNeverWaitAddExactlyNothing()
    {
        var (body, _, clock) = Attached(pauseAt: 1024 * 1024);
        for (var i = 0; i < 10; i++)
        {
            Write(body.Writer, 100);
            clock.Advance(Held);
            await body.Writer.FlushAsync();
            await body.Writer.WriteAsync(new byte[100]);
            await body.Stream.WriteAsync(new byte[100]);
            await body.Stream.FlushAsync();
        }

        Assert.Equal(0, body.Clock.BlockedTimestampTicks);
    }

    [Fact]
    public async Task AStreamWriteTheTransportHoldsBackIsTimed()
    {
        var (body, pipe, clock) = Attached(pauseAt: 16);

        var write = body.Stream.WriteAsync(new byte[100]);
        Assert.False(write.IsCompleted);
        clock.Advance(Held);
        await ReadAllAsync(pipe);
        await write;

        Assert.Equal(Held, body.Clock.Blocked);
    }

    [Fact]
    public async Task AWriterWriteTheTransportHoldsBackIsTimed()
    {
        var (body, pipe, clock) = Attached(pauseAt: 16);

        var write = body.Writer.WriteAsync(new byte[100]);
        Assert.False(write.IsCompleted);
        clock.Advance(Held);
        await ReadAllAsync(pipe);
        await write;

        Assert.Equal(Held, body.Clock.Blocked);
    }

    [Theory]
    [InlineData(64, 0)]
    [InlineData(65, 3)]
    public async Task CompletingIsTimedOnlyForABodyOverThePauseThreshold(int bytes, int expectedSeconds)
    {
        var server = new PipeBody(new Pipe());
        var clock = new ManualTimestamps();
        var body = new TimingResponseBody(clock);
        body.Attach(server, completionThreshold: 64);
        Write(body.Writer, bytes);

        var completion = body.CompleteAsync();
        Assert.False(completion.IsCompleted);
        clock.Advance(Held);
        server.Completion.SetResult();
        await completion;

        Assert.Equal(TimeSpan.FromSeconds(expectedSeconds), body.Clock.Blocked);
    }

    [Fact]
    public void UnflushedBytesAreTheServerWriters()
    {
        var (body, pipe, _) = Attached(pauseAt: 1024);
        Write(body.Writer, 10);

        Assert.True(body.Writer.CanGetUnflushedBytes);
        Assert.Equal(pipe.Writer.UnflushedBytes, body.Writer.UnflushedBytes);
        Assert.Equal(10, body.Writer.UnflushedBytes);
    }

    [Fact]
    public async Task AReusedBodyStartsFromZero()
    {
        var (body, pipe, clock) = Attached(pauseAt: 16);
        Write(body.Writer, 100);
        var flush = body.Writer.FlushAsync();
        clock.Advance(Held);
        await ReadAllAsync(pipe);
        await flush;

        body.Detach();
        body.Attach(new PipeBody(new Pipe()), completionThreshold: 64);

        Assert.Equal(0, body.Clock.BlockedTimestampTicks);
        Assert.Throws<InvalidOperationException>(() => { body.Detach(); _ = body.Writer.UnflushedBytes; });
    }

    [Theory]
    [InlineData(200, "/api/nodes/{id}/links", false, true)]
    [InlineData(200, "/graph.Graph/StreamLinks", false, true)]
    [InlineData(200, null, false, true)]
    [InlineData(503, "/api/nodes/{id}/links", false, false)]
    [InlineData(404, null, false, false)]
    [InlineData(200, "/healthz", false, false)]
    [InlineData(200, "/grpc.health.v1.Health/Check", false, false)]
    [InlineData(200, "/api/nodes/{id}/links", true, false)]
    public void OnlyAnsweredGraphCallsAreRecorded(int status, string? route, bool unanswered, bool recorded)
    {
        var context = new DefaultHttpContext();
        context.Response.StatusCode = status;
        if (route is not null)
        {
            context.SetEndpoint(new Endpoint(null, new EndpointMetadataCollection(new RouteMetadata(route)), route));
        }

        Assert.Equal(recorded, WriteWaitTiming.IsAnsweredGraphCall(context, unanswered));
    }

    private static (TimingResponseBody Body, Pipe Pipe, ManualTimestamps Clock) Attached(long pauseAt)
    {
        // Inline schedulers: a flush completes on the reader's AdvanceTo, before the test reads the clock again.
        var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: pauseAt, resumeWriterThreshold: pauseAt / 2,
            readerScheduler: PipeScheduler.Inline, writerScheduler: PipeScheduler.Inline, useSynchronizationContext: false));
        var clock = new ManualTimestamps();
        var body = new TimingResponseBody(clock);
        body.Attach(new PipeBody(pipe), completionThreshold: 64 * 1024);
        return (body, pipe, clock);
    }

    private static void Write(PipeWriter writer, int bytes)
    {
        writer.GetSpan(bytes)[..bytes].Fill(1);
        writer.Advance(bytes);
    }

    private static async Task ReadAllAsync(Pipe pipe)
    {
        var read = await pipe.Reader.ReadAsync();
        pipe.Reader.AdvanceTo(read.Buffer.End);
    }

    private sealed record RouteMetadata(string Route) : IRouteDiagnosticsMetadata;

    /// <summary>The server's response body over a pipe; completing waits until the test says so.</summary>
    private sealed class PipeBody(Pipe pipe) : IHttpResponseBodyFeature
    {
        public TaskCompletionSource Completion { get; } = new();

        public Stream Stream { get; } = pipe.Writer.AsStream(leaveOpen: true);

        public PipeWriter Writer => pipe.Writer;

        public Task CompleteAsync() => Completion.Task;

        public void DisableBuffering()
        {
        }

        public Task SendFileAsync(string path, long offset, long? count, CancellationToken cancellationToken = default) =>
            Task.CompletedTask;

        public Task StartAsync(CancellationToken cancellationToken = default) => Task.CompletedTask;
    }
}
