using System.Net;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// --connection-mode new-per-call over HTTP: a SocketsHttpHandler of its own for every request, disposed with the
/// response's content, so every call opens a TCP connection (with TLS, a handshake) and closes it, as a client that does
/// not pool. SocketsHttpHandler's PooledConnectionLifetime of zero is not enough: a connection under a millisecond old
/// is not yet expired, and an HTTP/2 request reused one (NewConnectionPerCallTests counts the connections).
/// </summary>
internal sealed class PerCallConnectionHandler(Func<HttpMessageHandler> create) : HttpMessageHandler
{
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var connection = new HttpMessageInvoker(create(), disposeHandler: true);
        try
        {
            var response = await connection.SendAsync(request, cancellationToken);
            response.Content = new OwningContent(response.Content, connection);
            return response;
        }
        catch
        {
            connection.Dispose();
            throw;
        }
    }

    /// <summary>The response's content, unchanged, which closes its request's connection when it is disposed (as the
    /// HTTP and gRPC clients dispose every response once read).</summary>
    private sealed class OwningContent : HttpContent
    {
        private readonly HttpContent _inner;
        private readonly IDisposable _connection;

        public OwningContent(HttpContent inner, IDisposable connection)
        {
            (_inner, _connection) = (inner, connection);
            foreach (var header in inner.Headers)
            {
                Headers.TryAddWithoutValidation(header.Key, header.Value);
            }
        }

        protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) => _inner.CopyToAsync(stream);

        protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken) =>
            _inner.CopyToAsync(stream, cancellationToken);

        protected override Task<Stream> CreateContentReadStreamAsync() => _inner.ReadAsStreamAsync();

        protected override Task<Stream> CreateContentReadStreamAsync(CancellationToken cancellationToken) => _inner.ReadAsStreamAsync(cancellationToken);

        protected override Stream CreateContentReadStream(CancellationToken cancellationToken) => _inner.ReadAsStream(cancellationToken);

        protected override bool TryComputeLength(out long length)
        {
            length = _inner.Headers.ContentLength ?? 0;
            return _inner.Headers.ContentLength is not null;
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                _inner.Dispose();
                _connection.Dispose();
            }
            base.Dispose(disposing);
        }
    }
}
