namespace RpcCompare.LoadClient.Clients;

/// <summary>What the two HTTP clients (REST and GraphQL) hold alike: one HttpClient for the run, whose bytes are counted
/// on the wire, its health probe and its disposal.</summary>
public abstract class HttpGraphClientBase : IAsyncDisposable
{
    private readonly WireCounter _wire = new();

    protected HttpGraphClientBase(Uri baseAddress, ClientOptions options, bool http2) =>
        Http = HttpTransport.Create(baseAddress, options, _wire, http2);

    protected HttpClient Http { get; }

    public (long Sent, long Received) WireBytes => (_wire.BytesSent, _wire.BytesReceived);

    public Task<bool> CheckHealthAsync(CancellationToken cancellationToken) => HttpTransport.CheckHealthAsync(Http, cancellationToken);

    public ValueTask DisposeAsync()
    {
        Http.Dispose();
        GC.SuppressFinalize(this);
        return ValueTask.CompletedTask;
    }
}
