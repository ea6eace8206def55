using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using RpcCompare.Contracts;
using RpcCompare.Contracts.Json;
using RpcCompare.Definitions;
using RpcCompare.LoadClient.Measurement;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// REST over one shared HttpClient (SocketsHttpHandler: HTTP/1.1 keep-alive connections pooled per concurrent caller, or one
/// multiplexed HTTP/2 cleartext connection), with the same source-generated JSON metadata as the host.
/// </summary>
public sealed class RestGraphClient(Uri baseAddress, ClientOptions options)
    : JsonHttpGraphClientBase(baseAddress, options, options.Http2), IGraphClient
{
    private static readonly GraphJsonContext Json = GraphJsonContext.Default;

    public string Stack => Definitions.StackCatalog.Rest;

    public string Description => $"HttpClient with System.Text.Json (.NET {Environment.Version}), source-generated contexts, " +
        "one SocketsHttpHandler with connections kept for the run";

    public async Task<string> PingAsync(string payload, CancellationToken cancellationToken) =>
        (await PostAsync("/api/ping", new PingMessage(payload), Json.PingMessage, Json.PingMessage, cancellationToken)).Payload;

    public Task<LinkView[]> GetLinksAsync(long nodeId, CancellationToken cancellationToken) =>
        GetAsync($"/api/nodes/{nodeId}/links", Json.LinkViewArray, cancellationToken);

    public Task<LinkView[]> StreamLinksAsync(long nodeId, CancellationToken cancellationToken) =>
        GetStreamedAsync($"/api/nodes/{nodeId}/links/stream", Json.LinkView, cancellationToken);

    public Task<NodeSummary[]> SearchNodesAsync(string term, int limit, CancellationToken cancellationToken) =>
        GetAsync($"/api/nodes/search?term={Uri.EscapeDataString(term)}&limit={limit}", Json.NodeSummaryArray, cancellationToken);

    public Task<NodeSummary[]> StreamSearchNodesAsync(string term, int limit, CancellationToken cancellationToken) =>
        GetStreamedAsync($"/api/nodes/search/stream?term={Uri.EscapeDataString(term)}&limit={limit}", Json.NodeSummary,
            cancellationToken);

    public Task<SnapshotInfo> PrepareSnapshotAsync(int size, CancellationToken cancellationToken) =>
        PostAsync("/api/snapshots", new SnapshotRequest(size), Json.SnapshotRequest, Json.SnapshotInfo, cancellationToken);

    public Task<WideRecord[]> GetRecordsAsync(long snapshotId, int count, CancellationToken cancellationToken) =>
        GetAsync($"/api/snapshots/{snapshotId}/records?count={count}", Json.WideRecordArray, cancellationToken);

    public Task<NodeDetails> CreateNodeAsync(NewNode node, CancellationToken cancellationToken) =>
        PostAsync("/api/nodes", node, Json.NewNode, Json.NodeDetails, cancellationToken);

    public Task<NodeSummary[]> ListNodesAsync(long afterId, int limit, CancellationToken cancellationToken) =>
        GetAsync($"/api/nodes?after={afterId}&limit={limit}", Json.NodeSummaryArray, cancellationToken);

    public Task<NodeDetails> GetNodeAsync(long id, CancellationToken cancellationToken) =>
        GetAsync($"/api/nodes/{id}", Json.NodeDetails, cancellationToken);

    public Task<Neighbourhood[]> GetNeighbourhoodsAsync(long[] ids, CancellationToken cancellationToken) =>
        PostAsync("/api/neighbourhoods", new NeighbourhoodRequest(ids), Json.NeighbourhoodRequest, Json.NeighbourhoodArray,
            cancellationToken);

    private Task<T[]> GetStreamedAsync<T>(string path, JsonTypeInfo<T> type, CancellationToken cancellationToken) =>
        GetStreamedAsync(path, (body, token) => JsonSerializer.DeserializeAsyncEnumerable(body, type, token), cancellationToken);

    protected override async Task ThrowIfFailedAsync(HttpResponseMessage response, CancellationToken cancellationToken)
    {
        if (response.IsSuccessStatusCode)
        {
            return;
        }
        var status = (int)response.StatusCode;
        using var problem = await ReadErrorBodyAsync(response, cancellationToken);
        // RFC 9457 problem details: a database failure names its cause in "type".
        var type = problem is null ? null : StringProperty(problem.RootElement, "type");
        var detail = problem is null ? null : StringProperty(problem.RootElement, "detail");
        var kind = type is not null && type.StartsWith(FailureCauses.ProblemTypePrefix, StringComparison.Ordinal)
                && ErrorKinds.FromCause(type[FailureCauses.ProblemTypePrefix.Length..]) is { } cause
            ? cause
            : KindOf(response.StatusCode);
        throw new GraphCallException(kind, $"http {status}", detail ?? $"HTTP {status} {response.ReasonPhrase}");
    }
}
