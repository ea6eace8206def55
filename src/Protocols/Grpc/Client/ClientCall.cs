using Google.Protobuf;

namespace RpcCompare.Protocols.Grpc;

/// <summary>
/// One call in flight on the client: sends the request, reads response messages, reads the final status, and
/// turns every way a call can fail (status, HTTP error, transport error, deadline, cancellation) into a
/// <see cref="GrpcException"/>. Disposing it before the end resets the HTTP/2 stream (CANCEL).
/// </summary>
internal sealed class ClientCall<TResponse> : IDisposable
    where TResponse : class, IMessage<TResponse>, new()
{
    private readonly HttpMessageInvoker _invoker;
    private readonly HttpRequestMessage _request;
    private readonly MessageParser<TResponse> _parser;
    private readonly GrpcChannelOptions _options;
    private readonly CancellationToken _callerToken;
    private readonly CancellationTokenSource? _deadlineCts;
    private readonly CancellationToken _token;
    private HttpResponseMessage? _response;
    private StreamMessageReader? _reader;
    private bool _finished;

    public ClientCall(
        HttpMessageInvoker invoker,
        HttpRequestMessage request,
        MessageParser<TResponse> parser,
        GrpcChannelOptions options,
        TimeSpan? timeout,
        CancellationToken cancellationToken)
    {
        _invoker = invoker;
        _request = request;
        _parser = parser;
        _options = options;
        _callerToken = cancellationToken;
        if (timeout is { } value)
        {
            _deadlineCts = cancellationToken.CanBeCanceled
                ? CancellationTokenSource.CreateLinkedTokenSource(cancellationToken)
                : new CancellationTokenSource();
            _deadlineCts.CancelAfter(value);
            _token = _deadlineCts.Token;
        }
        else
        {
            _token = cancellationToken;
        }
    }

    public async Task StartAsync()
    {
        try
        {
            _response = await _invoker.SendAsync(_request, _token);
            var status = GrpcResponseStatus.FromHeaders(_response);
            if (status is { } known)
            {
                _finished = true;
                if (known.Code != GrpcStatusCode.OK)
                {
                    throw new GrpcException(known.Code, known.Detail);
                }

                return;
            }

            var stream = await _response.Content.ReadAsStreamAsync(_token);
            _reader = new StreamMessageReader(stream, _options.MaxReceiveMessageSize, _options.MessageCounter);
        }
        catch (Exception ex) when (ex is not GrpcException)
        {
            throw Translate(ex, "Error starting gRPC call.");
        }
    }

    /// <summary>The next response message; null once the call ended with OK. A non-OK end is thrown.</summary>
    public async ValueTask<TResponse?> ReadNextAsync()
    {
        if (_finished)
        {
            return null;
        }

        try
        {
            var message = await _reader!.ReadMessageAsync(_parser, _token);
            if (message is not null)
            {
                return message;
            }

            _finished = true;
            var (code, detail) = GrpcResponseStatus.FromTrailers(_response!);
            return code == GrpcStatusCode.OK ? null : throw new GrpcException(code, detail);
        }
        catch (Exception ex) when (ex is not GrpcException)
        {
            throw Translate(ex, "Error reading next message.");
        }
    }

    public void Dispose()
    {
        _reader?.Dispose();
        _response?.Dispose();
        _request.Dispose();
        _deadlineCts?.Dispose();
    }

    private GrpcException Translate(Exception exception, string context)
    {
        // Once a token has fired, whatever the transport threw (usually OperationCanceledException, sometimes
        // an IOException from the reset stream) is that cancellation.
        if (_callerToken.IsCancellationRequested)
        {
            return new GrpcException(GrpcStatusCode.Cancelled, "Call canceled by the client.", exception);
        }

        if (_deadlineCts?.IsCancellationRequested == true)
        {
            return new GrpcException(GrpcStatusCode.DeadlineExceeded, "Deadline Exceeded", exception);
        }

        var code = GrpcResponseStatus.FromTransportException(exception);
        return new GrpcException(code, $"{context} {exception.GetType().Name}: {exception.Message}", exception);
    }
}
