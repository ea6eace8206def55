using Grpc.Core;
using Grpc.Core.Interceptors;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// Gives each call of a code-first proxy its deadline and its caller's token. The shared WCF contract cannot take a
/// CallContext parameter (Microsoft's WCF client would try to send it), so the options come from here instead: the
/// deadline is set per call, the token is the one the caller put in <see cref="CallerToken"/> before calling (the proxy
/// starts the call synchronously, in the caller's execution context). Options a call brings itself are kept.
/// </summary>
public sealed class CallOptionsInterceptor(TimeSpan timeout) : Interceptor
{
    private static readonly AsyncLocal<CancellationToken> Token = new();

    /// <summary>The token of the calls the current async flow starts next.</summary>
    public static CancellationToken CallerToken
    {
        get => Token.Value;
        set => Token.Value = value;
    }

    public override AsyncUnaryCall<TResponse> AsyncUnaryCall<TRequest, TResponse>(TRequest request,
        ClientInterceptorContext<TRequest, TResponse> context, AsyncUnaryCallContinuation<TRequest, TResponse> continuation) =>
        continuation(request, WithOptions(context));

    public override AsyncServerStreamingCall<TResponse> AsyncServerStreamingCall<TRequest, TResponse>(TRequest request,
        ClientInterceptorContext<TRequest, TResponse> context,
        AsyncServerStreamingCallContinuation<TRequest, TResponse> continuation) =>
        continuation(request, WithOptions(context));

    private ClientInterceptorContext<TRequest, TResponse> WithOptions<TRequest, TResponse>(
        ClientInterceptorContext<TRequest, TResponse> context)
        where TRequest : class
        where TResponse : class
    {
        var options = context.Options;
        if (options.Deadline is null)
        {
            options = options.WithDeadline(DateTime.UtcNow + timeout);
        }
        if (!options.CancellationToken.CanBeCanceled)
        {
            options = options.WithCancellationToken(CallerToken);
        }
        return new ClientInterceptorContext<TRequest, TResponse>(context.Method, context.Host, options);
    }
}
