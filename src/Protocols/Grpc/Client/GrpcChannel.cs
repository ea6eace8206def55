using System.Collections.Concurrent;
using System.Net;
using System.Runtime.CompilerServices;
using Google.Protobuf;

namespace RpcCompare.Protocols.Grpc;

/// <summary>
/// A client for one gRPC server address over HTTP/2 (h2c for http://, ALPN for https://), the stand-in for
/// Grpc.Net.Client's GrpcChannel. Thread-safe: create one per target and share it between all workers; it
/// holds one HTTP handler, whose connection pool opens extra HTTP/2 connections when one reaches the server's
/// stream limit.
/// </summary>
public sealed class GrpcChannel : IDisposable
{
    private readonly HttpMessageInvoker _invoker;
    private readonly GrpcChannelOptions _options;
    private readonly ConcurrentDictionary<string, Uri> _methodUris = new(StringComparer.Ordinal);
    private bool _disposed;

    private GrpcChannel(Uri address, GrpcChannelOptions options)
    {
        Address = address;
        _options = options;
        _invoker = options.HttpHandler is { } handler
            ? new HttpMessageInvoker(handler, disposeHandler: false)
            : new HttpMessageInvoker(CreateHttpHandler(), disposeHandler: true);
    }

    public Uri Address { get; }

    public static GrpcChannel ForAddress(string address, GrpcChannelOptions? options = null)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(address);
        if (!Uri.TryCreate(address, UriKind.Absolute, out var uri))
        {
            throw new ArgumentException($"'{address}' is not an absolute address; expected e.g. http://127.0.0.1:5001.", nameof(address));
        }

        return ForAddress(uri, options);
    }

    public static GrpcChannel ForAddress(Uri address, GrpcChannelOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(address);
        if (!address.IsAbsoluteUri || (address.Scheme != Uri.UriSchemeHttp && address.Scheme != Uri.UriSchemeHttps))
        {
            throw new ArgumentException($"'{address}' is not an http:// or https:// address.", nameof(address));
        }

        options ??= new GrpcChannelOptions();
        options.Validate();
        return new GrpcChannel(address, options);
    }

    /// <summary>
    /// The handler a channel uses when none is given, with Grpc.Net.Client's settings: several HTTP/2 connections
    /// when the server's concurrent-stream limit is reached, pooled connections kept forever, keep-alive pings
    /// while calls are active; no proxy, cookies, redirects or decompression, which gRPC never wants.
    /// </summary>
    public static SocketsHttpHandler CreateHttpHandler() => new()
    {
        EnableMultipleHttp2Connections = true,
        PooledConnectionIdleTimeout = Timeout.InfiniteTimeSpan,
        KeepAlivePingDelay = TimeSpan.FromSeconds(60),
        KeepAlivePingTimeout = TimeSpan.FromSeconds(30),
        KeepAlivePingPolicy = HttpKeepAlivePingPolicy.WithActiveRequests,
        UseProxy = false,
        UseCookies = false,
        AllowAutoRedirect = false,
        AutomaticDecompression = DecompressionMethods.None,
    };

    /// <summary>Calls a unary method: one request, one response; any other outcome is a <see cref="GrpcException"/>.</summary>
    public async Task<TResponse> UnaryAsync<TRequest, TResponse>(
        GrpcMethod<TRequest, TResponse> method,
        TRequest request,
        GrpcCallOptions options = default,
        CancellationToken cancellationToken = default)
        where TRequest : class, IMessage<TRequest>, new()
        where TResponse : class, IMessage<TResponse>, new()
    {
        using var call = CreateCall(method, GrpcMethodType.Unary, request, options, cancellationToken);
        await call.StartAsync();
        var response = await call.ReadNextAsync()
            ?? throw new GrpcException(GrpcStatusCode.Internal, "Failed to deserialize response message. The server ended the unary call with status OK but sent no response message.");
        if (await call.ReadNextAsync() is not null)
        {
            throw new GrpcException(GrpcStatusCode.Internal, "The server sent more than one response message for a unary call.");
        }

        return response;
    }

    /// <summary>
    /// Calls a server-streaming method. The call starts when enumeration starts; leaving the loop early cancels it.
    /// A non-OK status is thrown as a <see cref="GrpcException"/> after the messages that came before it.
    /// </summary>
    public IAsyncEnumerable<TResponse> ServerStreamingAsync<TRequest, TResponse>(
        GrpcMethod<TRequest, TResponse> method,
        TRequest request,
        GrpcCallOptions options = default,
        CancellationToken cancellationToken = default)
        where TRequest : class, IMessage<TRequest>, new()
        where TResponse : class, IMessage<TResponse>, new()
    {
        ArgumentNullException.ThrowIfNull(method);
        ArgumentNullException.ThrowIfNull(request);
        CheckType(method, GrpcMethodType.ServerStreaming);
        return ServerStreamingCoreAsync(method, request, options, cancellationToken);
    }

    public void Dispose()
    {
        _disposed = true;
        _invoker.Dispose();
    }

    private async IAsyncEnumerable<TResponse> ServerStreamingCoreAsync<TRequest, TResponse>(
        GrpcMethod<TRequest, TResponse> method,
        TRequest request,
        GrpcCallOptions options,
        [EnumeratorCancellation] CancellationToken cancellationToken)
        where TRequest : class, IMessage<TRequest>, new()
        where TResponse : class, IMessage<TResponse>, new()
    {
        using var call = CreateCall(method, GrpcMethodType.ServerStreaming, request, options, cancellationToken);
        await call.StartAsync();
        while (await call.ReadNextAsync() is { } message)
        {
            yield return message;
        }
    }

    private ClientCall<TResponse> CreateCall<TRequest, TResponse>(
        GrpcMethod<TRequest, TResponse> method,
        GrpcMethodType type,
        TRequest request,
        GrpcCallOptions options,
        CancellationToken cancellationToken)
        where TRequest : class, IMessage<TRequest>, new()
        where TResponse : class, IMessage<TResponse>, new()
    {
        ArgumentNullException.ThrowIfNull(method);
        ArgumentNullException.ThrowIfNull(request);
        CheckType(method, type);
        ObjectDisposedException.ThrowIf(_disposed, this);

        var timeout = options.RemainingTime();
        if (timeout <= TimeSpan.Zero)
        {
            // Real gRPC fails a call whose deadline has passed without sending it.
            throw new GrpcException(GrpcStatusCode.DeadlineExceeded, "Deadline Exceeded");
        }

        var payloadLength = request.CalculateSize();
        GrpcFraming.CheckSendSize(payloadLength, _options.MaxSendMessageSize);

        var httpRequest = new HttpRequestMessage(HttpMethod.Post, MethodUri(method.FullName))
        {
            Version = HttpVersion.Version20,
            VersionPolicy = HttpVersionPolicy.RequestVersionExact,
            Content = new GrpcRequestContent(request, payloadLength, _options.MessageCounter),
        };
        var headers = httpRequest.Headers;
        headers.TryAddWithoutValidation("TE", "trailers");
        headers.TryAddWithoutValidation("User-Agent", GrpcProtocol.UserAgent);
        if (timeout is { } value)
        {
            headers.TryAddWithoutValidation(GrpcProtocol.TimeoutHeader, GrpcTimeout.Format(value));
        }

        if (options.Headers is { } metadata)
        {
            foreach (var (name, headerValue) in metadata)
            {
                if (!headers.TryAddWithoutValidation(name, headerValue))
                {
                    httpRequest.Dispose();
                    throw new ArgumentException($"'{name}' cannot be sent as gRPC metadata.", nameof(options));
                }
            }
        }

        return new ClientCall<TResponse>(_invoker, httpRequest, method.ResponseParser, _options, timeout, cancellationToken);
    }

    private Uri MethodUri(string fullName) =>
        _methodUris.GetOrAdd(fullName, static (path, address) => new Uri(address, path), Address);

    private static void CheckType<TRequest, TResponse>(GrpcMethod<TRequest, TResponse> method, GrpcMethodType expected)
        where TRequest : class, IMessage<TRequest>, new()
        where TResponse : class, IMessage<TResponse>, new()
    {
        if (method.Type != expected)
        {
            throw new ArgumentException(
                $"gRPC method '{method.FullName}' is {method.Type}; call it with {(method.Type == GrpcMethodType.Unary ? nameof(UnaryAsync) : nameof(ServerStreamingAsync))}.",
                nameof(method));
        }
    }
}
