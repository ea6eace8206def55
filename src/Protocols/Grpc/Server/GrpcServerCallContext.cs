using System.Net;
using System.Net.Sockets;
using Google.Protobuf;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.Logging;

namespace RpcCompare.Protocols.Grpc;

/// <summary>
/// What a handler knows about its call, and the call's own bookkeeping: where the status goes (trailers, or the
/// headers of a trailers-only response when no message was written) and the deadline.
/// </summary>
/// <remarks>
/// With a deadline, the timer cancels the handler's token first (which also unblocks a write waiting on flow
/// control), then takes the write lock, sends DEADLINE_EXCEEDED at once and resets the stream, as Grpc.AspNetCore
/// does; the request delegate still waits for the handler so that the HttpContext outlives every use of it.
/// Calls without a deadline need neither the lock nor the timer and allocate neither.
/// </remarks>
public sealed class GrpcServerCallContext
{
    private const int StateRunning = 0;
    private const int StateDeadlineExceeded = 1;
    private const int StateEnded = 2;

    private readonly GrpcServerOptions _options;
    private readonly ILogger _logger;
    private CancellationTokenSource? _deadlineCts;
    private ITimer? _deadlineTimer;
    private SemaphoreSlim? _writeLock;
    private TaskCompletionSource? _deadlineDone;
    private int _state;
    private bool _messageWritten;
    private string? _peer;

    internal GrpcServerCallContext(HttpContext httpContext, string method, GrpcServerOptions options, ILogger logger)
    {
        HttpContext = httpContext;
        Method = method;
        _options = options;
        _logger = logger;
        CancellationToken = httpContext.RequestAborted;
    }

    /// <summary>The method path, "/package.Service/Method".</summary>
    public string Method { get; }

    /// <summary>When the client gives up, in UTC; <see cref="DateTime.MaxValue"/> when it sent no grpc-timeout.</summary>
    public DateTime Deadline { get; private set; } = DateTime.MaxValue;

    /// <summary>Cancelled when the client cancels or disconnects, or when the deadline passes.</summary>
    public CancellationToken CancellationToken { get; private set; }

    public IHeaderDictionary RequestHeaders => HttpContext.Request.Headers;

    /// <summary>The caller's address in gRPC's form, e.g. "ipv4:127.0.0.1:53211".</summary>
    public string Peer => _peer ??= FormatPeer(HttpContext.Connection.RemoteIpAddress, HttpContext.Connection.RemotePort);

    /// <summary>The underlying ASP.NET Core request, for request services, features or items.</summary>
    public HttpContext HttpContext { get; }

    internal bool IsDeadlineExceeded => Volatile.Read(ref _state) == StateDeadlineExceeded;

    internal void StartDeadline(TimeSpan timeout)
    {
        var clock = _options.TimeProvider;
        Deadline = clock.GetUtcNow().UtcDateTime.Add(timeout);
        _deadlineCts = CancellationTokenSource.CreateLinkedTokenSource(HttpContext.RequestAborted);
        CancellationToken = _deadlineCts.Token;
        _writeLock = new SemaphoreSlim(1, 1);
        _deadlineDone = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        _deadlineTimer = clock.CreateTimer(
            static state => ((GrpcServerCallContext)state!).OnDeadline(), this, timeout, Timeout.InfiniteTimeSpan);
    }

    /// <summary>Frames and writes one message; flushes when <paramref name="flush"/> (streaming), otherwise Kestrel sends it with the trailers.</summary>
    internal async ValueTask WriteMessageAsync(IMessage message, bool flush, CancellationToken cancellationToken)
    {
        var writeLock = _writeLock;
        if (writeLock is not null)
        {
            await writeLock.WaitAsync(cancellationToken);
        }

        try
        {
            if (Volatile.Read(ref _state) != StateRunning)
            {
                throw new InvalidOperationException("The call has already ended (deadline exceeded or completed); no more messages can be written.");
            }

            var length = message.CalculateSize();
            GrpcFraming.CheckSendSize(length, _options.MaxSendMessageSize);
            var writer = HttpContext.Response.BodyWriter;
            GrpcFraming.WriteMessage(writer, message, length);
            _messageWritten = true;
            _options.MessageCounter?.OnSent(length);
            if (flush)
            {
                var result = await writer.FlushAsync(cancellationToken);
                if (result.IsCanceled || result.IsCompleted)
                {
                    // The client went away or the call was cancelled while flow control held us back.
                    cancellationToken.ThrowIfCancellationRequested();
                    CancellationToken.ThrowIfCancellationRequested();
                    throw new OperationCanceledException("The response stream was closed before the message could be sent.", CancellationToken);
                }
            }
        }
        finally
        {
            writeLock?.Release();
        }
    }

    /// <summary>Ends the call with a status, unless the deadline already ended it.</summary>
    internal async Task EndCallAsync(GrpcStatusCode status, string detail)
    {
        if (_deadlineTimer is null)
        {
            _state = StateEnded;
            WriteStatus(status, detail);
            return;
        }

        if (Interlocked.CompareExchange(ref _state, StateEnded, StateRunning) == StateRunning)
        {
            WriteStatus(status, detail);
        }
        else
        {
            // The deadline won the race: it is sending (or has sent) DEADLINE_EXCEEDED.
            await _deadlineDone!.Task;
        }

        _deadlineTimer.Dispose();
        _deadlineCts!.Dispose();
        _writeLock!.Dispose();
    }

    /// <summary>Turns what a handler (or our own reading) threw into the status the caller receives.</summary>
    internal (GrpcStatusCode Status, string Detail) StatusFromException(Exception exception)
    {
        if (exception is GrpcException grpc)
        {
            if (grpc.StatusCode is GrpcStatusCode.Unknown or GrpcStatusCode.Internal)
            {
                _logger.LogWarning(exception, "gRPC call {Method} failed with {Status}: {Detail}", Method, grpc.StatusCode, grpc.Detail);
            }

            return (grpc.StatusCode, grpc.Detail);
        }

        if (exception is OperationCanceledException or IOException && HttpContext.RequestAborted.IsCancellationRequested)
        {
            _logger.LogDebug("gRPC call {Method} was cancelled by the client.", Method);
            return (GrpcStatusCode.Cancelled, "Call canceled by the client.");
        }

        if (exception is OperationCanceledException && IsDeadlineExceeded)
        {
            return (GrpcStatusCode.DeadlineExceeded, "Deadline Exceeded");
        }

        _logger.LogError(exception, "Error when executing gRPC method {Method}.", Method);
        var detail = _options.EnableDetailedErrors
            ? $"Exception was thrown by handler. {exception.GetType().Name}: {exception.Message}"
            : "Exception was thrown by handler.";
        return (GrpcStatusCode.Unknown, detail);
    }

    private void WriteStatus(GrpcStatusCode status, string detail)
    {
        var response = HttpContext.Response;
        try
        {
            if (!_messageWritten && !response.HasStarted)
            {
                // Trailers-only: the status travels in the only HEADERS frame, which ends the stream.
                GrpcResponses.SetStatus(response.Headers, status, detail);
            }
            else
            {
                var trailers = HttpContext.Features.Get<IHttpResponseTrailersFeature>()?.Trailers
                    ?? throw new InvalidOperationException("The server does not support response trailers; gRPC needs HTTP/2.");
                GrpcResponses.SetStatus(trailers, status, detail);
            }
        }
        catch (Exception ex) when (HttpContext.RequestAborted.IsCancellationRequested)
        {
            // Nobody is listening any more; the status has nowhere to go.
            _logger.LogDebug(ex, "Could not send the status of aborted gRPC call {Method}.", Method);
        }
    }

    private void OnDeadline()
    {
        if (Interlocked.CompareExchange(ref _state, StateDeadlineExceeded, StateRunning) == StateRunning)
        {
            _ = DeadlineExceededAsync();
        }
    }

    private async Task DeadlineExceededAsync()
    {
        try
        {
            _logger.LogDebug("gRPC call {Method} exceeded its deadline.", Method);
            await _deadlineCts!.CancelAsync();
            await _writeLock!.WaitAsync();
            try
            {
                WriteStatus(GrpcStatusCode.DeadlineExceeded, "Deadline Exceeded");
                await HttpContext.Response.CompleteAsync();

                // The response is complete; tell the client to stop sending (NO_ERROR) rather than wait for it.
                var reset = HttpContext.Features.Get<IHttpResetFeature>();
                if (reset is not null)
                {
                    reset.Reset(0);
                }
                else
                {
                    HttpContext.Abort();
                }
            }
            finally
            {
                _writeLock.Release();
            }
        }
        catch (Exception ex)
        {
            _logger.LogDebug(ex, "Could not send DEADLINE_EXCEEDED for gRPC call {Method}.", Method);
        }
        finally
        {
            _deadlineDone!.SetResult();
        }
    }

    private static string FormatPeer(IPAddress? address, int port)
    {
        if (address is null)
        {
            return "unknown";
        }

        if (address.IsIPv4MappedToIPv6)
        {
            address = address.MapToIPv4();
        }

        return address.AddressFamily == AddressFamily.InterNetworkV6
            ? $"ipv6:[{address}]:{port}"
            : $"ipv4:{address}:{port}";
    }
}
