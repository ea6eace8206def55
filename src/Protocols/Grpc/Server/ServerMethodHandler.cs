using Google.Protobuf;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.Logging;

namespace RpcCompare.Protocols.Grpc;

/// <summary>The request delegate behind one mapped method: protocol checks, then read, invoke, write, status.</summary>
internal sealed class ServerMethodHandler<TRequest, TResponse>
    where TRequest : class, IMessage<TRequest>, new()
    where TResponse : class, IMessage<TResponse>, new()
{
    // System.Threading timers accept at most about 49.7 days; a longer grpc-timeout is as good as none.
    private static readonly TimeSpan MaxTimerTimeout = TimeSpan.FromMilliseconds(uint.MaxValue - 1);

    private readonly GrpcMethod<TRequest, TResponse> _method;
    private readonly GrpcServerOptions _options;
    private readonly ILogger _logger;
    private readonly GrpcUnaryHandler<TRequest, TResponse>? _unary;
    private readonly GrpcServerStreamingHandler<TRequest, TResponse>? _serverStreaming;

    public ServerMethodHandler(
        GrpcMethod<TRequest, TResponse> method,
        GrpcServerOptions options,
        ILogger logger,
        GrpcUnaryHandler<TRequest, TResponse>? unary,
        GrpcServerStreamingHandler<TRequest, TResponse>? serverStreaming)
    {
        _method = method;
        _options = options;
        _logger = logger;
        _unary = unary;
        _serverStreaming = serverStreaming;
    }

    public Task HandleAsync(HttpContext httpContext)
    {
        if (!GrpcServerChecks.TryAcceptCall(httpContext, _logger, out var timeout))
        {
            return Task.CompletedTask;
        }

        return HandleCallAsync(httpContext, timeout);
    }

    private async Task HandleCallAsync(HttpContext httpContext, TimeSpan? timeout)
    {
        var context = new GrpcServerCallContext(httpContext, _method.FullName, _options, _logger);
        httpContext.Response.ContentType = GrpcProtocol.ContentType;

        // The message size limit is ours to enforce (and to report as RESOURCE_EXHAUSTED), not Kestrel's 30 MB body limit.
        var bodySize = httpContext.Features.Get<IHttpMaxRequestBodySizeFeature>();
        if (bodySize is { IsReadOnly: false })
        {
            bodySize.MaxRequestBodySize = null;
        }

        if (timeout is { } value && value < MaxTimerTimeout)
        {
            context.StartDeadline(value);
        }

        var status = GrpcStatusCode.OK;
        var detail = string.Empty;
        try
        {
            var request = await PipeMessageReader.ReadSingleMessageAsync(
                httpContext.Request.BodyReader, _method.RequestParser, _options.MaxReceiveMessageSize, _options.MessageCounter, context.CancellationToken);

            if (_unary is not null)
            {
                var response = await _unary(request, context)
                    ?? throw new InvalidOperationException($"The handler of gRPC method '{_method.FullName}' returned no response message.");
                await context.WriteMessageAsync(response, flush: false, context.CancellationToken);
            }
            else
            {
                await _serverStreaming!(request, new ResponseStreamWriter<TResponse>(context), context);
            }
        }
        catch (Exception ex)
        {
            (status, detail) = context.StatusFromException(ex);
        }

        await context.EndCallAsync(status, detail);
    }
}
