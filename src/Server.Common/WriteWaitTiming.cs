using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Http.Metadata;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.ObjectPool;
using Microsoft.Extensions.Options;
using RpcCompare.Stacks;

namespace RpcCompare.Server.Common;

/// <summary>
/// Every HTTP host's <see cref="ServerMetrics.WriteWaitDurationName"/>: a middleware ahead of the host's own pipeline
/// (added by <see cref="StackHost.AddStackHost"/> as a startup filter, so every ASP.NET Core host gets it from here) puts
/// a <see cref="TimingResponseBody"/> in place of the response body, completes the response itself so that the last
/// flush is timed too (Kestrel would otherwise do it after the middleware), and records the request's wait once, for the
/// requests the load client counts as answered graph calls (<see cref="ServerMetrics.IsAnsweredGraphCall"/>, the filter
/// it applies to http.server.request.duration), so both series count the same requests.
/// </summary>
public static class WriteWaitTiming
{
    /// <summary>
    /// Response bodies kept for reuse: more than a run keeps in flight on one host at 1,000 callers (beyond it a request
    /// allocates its own, about 200 bytes, which the pool then drops).
    /// </summary>
    public const int MaxPooledBodies = 1_024;

    public static IServiceCollection AddWriteWaitTiming(this IServiceCollection services) =>
        services.AddTransient<IStartupFilter, StartupFilter>();

    private sealed class StartupFilter : IStartupFilter
    {
        public Action<IApplicationBuilder> Configure(Action<IApplicationBuilder> next) => app =>
        {
            app.UseMiddleware<Middleware>();
            next(app);
        };
    }

    /// <summary>
    /// Whether a finished request is recorded: as ASP.NET Core's own metric will see it (a request that threw before its
    /// response started, or that the client aborted before, ends as a 500 or 499 after this middleware).
    /// </summary>
    internal static bool IsAnsweredGraphCall(HttpContext context, bool endsUnanswered)
    {
        var status = endsUnanswered ? StatusCodes.Status500InternalServerError : context.Response.StatusCode;
        var route = context.GetEndpoint()?.Metadata.GetMetadata<IRouteDiagnosticsMetadata>()?.Route;
        return ServerMetrics.IsAnsweredGraphCall(status, route);
    }

    private sealed class Middleware(RequestDelegate next, IOptions<KestrelServerOptions> kestrel)
    {
        private readonly ObjectPool<TimingResponseBody> _bodies =
            new DefaultObjectPool<TimingResponseBody>(new BodyPolicy(), MaxPooledBodies);

        // Kestrel makes a write wait only once this much of the response is pending; unbounded (null), it never does and
        // all the waiting is at completion.
        private readonly long _pauseThreshold = kestrel.Value.Limits.MaxResponseBufferSize ?? 0;

        public async Task InvokeAsync(HttpContext context)
        {
            if (context.Features.Get<IHttpResponseBodyFeature>() is not { } server)
            {
                await next(context);
                return;
            }

            var body = _bodies.Get();
            body.Attach(server, _pauseThreshold);
            context.Features.Set<IHttpResponseBodyFeature>(body);
            // Failing before the response started, or the client gone before it did, makes it a 500 or a 499.
            var unanswered = true;
            try
            {
                await next(context);
                if (!context.RequestAborted.IsCancellationRequested)
                {
                    await body.CompleteAsync();
                }
                unanswered = !context.Response.HasStarted && context.RequestAborted.IsCancellationRequested;
            }
            catch when (context.Response.HasStarted)
            {
                unanswered = false;
                throw;
            }
            finally
            {
                context.Features.Set(server);
                if (IsAnsweredGraphCall(context, unanswered))
                {
                    ServerMetrics.RecordWriteWait(body.Clock.BlockedStopwatchTicks);
                }
                _bodies.Return(body);
            }
        }
    }

    private sealed class BodyPolicy : PooledObjectPolicy<TimingResponseBody>
    {
        public override TimingResponseBody Create() => new(TimeProvider.System);

        public override bool Return(TimingResponseBody body)
        {
            body.Detach();
            return true;
        }
    }
}
