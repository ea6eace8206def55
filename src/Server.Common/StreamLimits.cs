using System.Threading.RateLimiting;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.RateLimiting;
using RpcCompare.Contracts;

namespace RpcCompare.Server.Common;

/// <summary>
/// The bounds on streamed answers, which hold a pooled database connection while the client reads: at most half the
/// pool streams at once (ASP.NET Core's concurrency limiter; the rest wait in a bounded queue, so a hundred slow readers
/// cannot take every connection and fail the other calls with db-pool), and every batch must be read and written within
/// <see cref="BatchTimeout"/> or the stream is cut.
/// </summary>
public static class StreamLimits
{
    public const string Policy = "streams";

    /// <summary>Streams waiting for a slot; beyond it a stream is refused at once (REST 429, gRPC RESOURCE_EXHAUSTED).</summary>
    public const int QueueLimit = 1_000;

    /// <summary>A batch of <see cref="GraphContract.StreamBatchSize"/> rows normally takes milliseconds; a client that has not
    /// taken one in this long is not reading.</summary>
    public static readonly TimeSpan BatchTimeout = TimeSpan.FromSeconds(30);

    public static int ConcurrentStreams(HostSettings settings) => Math.Max(1, settings.DbPoolSize / 2);

    /// <summary>The limiter policy; a refusal is the protocol's own error, naming the limit.</summary>
    public static void AddStreamLimits(this WebApplicationBuilder builder, StackHostSetup setup)
    {
        var permits = ConcurrentStreams(setup.Settings);
        builder.Services.AddRateLimiter(o =>
        {
            o.AddConcurrencyLimiter(Policy, limiter =>
            {
                limiter.PermitLimit = permits;
                limiter.QueueLimit = QueueLimit;
                limiter.QueueProcessingOrder = QueueProcessingOrder.OldestFirst;
            });
            o.OnRejected = (context, _) => RefuseAsync(context.HttpContext, permits);
        });
        setup.Configuration.Set("concurrent streams", $"{permits:N0} (half the database pool), {QueueLimit:N0} more wait; " +
            "beyond that a stream is refused (ASP.NET Core concurrency limiter)");
        setup.Configuration.Set("stream batch timeout", $"{BatchTimeout.TotalSeconds:N0} s per batch of {GraphContract.StreamBatchSize:N0}, " +
            "then the stream is cut (a client that stopped reading)");
    }

    private static async ValueTask RefuseAsync(HttpContext http, int permits)
    {
        var message = $"{permits:N0} streamed answers are being sent and {QueueLimit:N0} more are waiting (the host's limit); try again later.";
        if (http.Request.ContentType?.StartsWith("application/grpc", StringComparison.OrdinalIgnoreCase) == true)
        {
            // A trailers-only gRPC response: HTTP 200 with the status in the headers.
            http.Response.StatusCode = StatusCodes.Status200OK;
            http.Response.ContentType = "application/grpc";
            http.Response.Headers["grpc-status"] = "8";
            http.Response.Headers["grpc-message"] = Uri.EscapeDataString(message);
            return;
        }
        http.Response.StatusCode = StatusCodes.Status429TooManyRequests;
        await Results.Problem(statusCode: StatusCodes.Status429TooManyRequests, title: "Too many streams", detail: message)
            .ExecuteAsync(http);
    }
}

/// <summary>
/// Cuts a stream whose next batch did not go out in time: armed again at every batch, its token is cancelled (and
/// <c>expired</c> runs) once one batch took longer than <see cref="StreamLimits.BatchTimeout"/>.
/// </summary>
public sealed class BatchDeadline : IDisposable
{
    private readonly CancellationTokenSource _timer = new();
    private readonly CancellationTokenRegistration _registration;

    public BatchDeadline(Action? expired = null)
    {
        if (expired is not null)
        {
            _registration = _timer.Token.Register(expired);
        }
        Arm();
    }

    public bool Expired => _timer.IsCancellationRequested;

    public CancellationToken Token => _timer.Token;

    /// <summary>Starts the next batch's time.</summary>
    public void Arm() => _timer.CancelAfter(StreamLimits.BatchTimeout);

    public void Dispose()
    {
        _registration.Dispose();
        _timer.Dispose();
    }
}
