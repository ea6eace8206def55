using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using RpcCompare.Contracts;
using RpcCompare.Contracts.Json;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// gRPC JSON transcoding through the REST client's code: one HttpClient (HTTP/1.1 keep-alive), REST's routes and the same
/// source-generated JSON metadata, whose web defaults read what the protobuf JSON mapping adds (64-bit numbers as strings,
/// RFC 3339 timestamps). Only the query names (the proto fields' JSON names), the streamed shape (one JSON array per batch,
/// newline-delimited) and the error body (google.rpc.Status, <see cref="TranscodingErrors"/>) are its own.
/// </summary>
public sealed class GrpcJsonGraphClient(Uri baseAddress, ClientOptions options)
    : JsonHttpGraphClientBase(baseAddress, options, http2: false), IGraphClient
{
    private static readonly GraphJsonContext Json = GraphJsonContext.Default;

    public string Stack => Definitions.StackCatalog.GrpcJson;

    public string Description => $"HttpClient with System.Text.Json (.NET {Environment.Version}), the REST client's " +
        "source-generated contexts, one SocketsHttpHandler with connections kept for the run";

    public async Task<string> PingAsync(string payload, CancellationToken cancellationToken) =>
        (await PostAsync("/api/ping", new PingMessage(payload), Json.PingMessage, Json.PingMessage, cancellationToken)).Payload;

    public Task<LinkView[]> GetLinksAsync(long nodeId, CancellationToken cancellationToken) =>
        GetAsync($"/api/nodes/{nodeId}/links", Json.LinkViewArray, cancellationToken);

    public Task<LinkView[]> StreamLinksAsync(long nodeId, CancellationToken cancellationToken) =>
        GetStreamedAsync($"/api/nodes/{nodeId}/links/stream", Json.LinkViewArray, cancellationToken);

    public Task<NodeSummary[]> SearchNodesAsync(string term, int limit, CancellationToken cancellationToken) =>
        GetAsync($"/api/nodes/search?term={Uri.EscapeDataString(term)}&limit={limit}", Json.NodeSummaryArray, cancellationToken);

    public Task<NodeSummary[]> StreamSearchNodesAsync(string term, int limit, CancellationToken cancellationToken) =>
        GetStreamedAsync($"/api/nodes/search/stream?term={Uri.EscapeDataString(term)}&limit={limit}", Json.NodeSummaryArray,
            cancellationToken);

    public Task<SnapshotInfo> PrepareSnapshotAsync(int size, CancellationToken cancellationToken) =>
        PostAsync("/api/snapshots", new SnapshotRequest(size), Json.SnapshotRequest, Json.SnapshotInfo, cancellationToken);

    public Task<WideRecord[]> GetRecordsAsync(long snapshotId, int count, CancellationToken cancellationToken) =>
        GetAsync($"/api/snapshots/{snapshotId}/records?count={count}", Json.WideRecordArray, cancellationToken);

    public Task<NodeDetails> CreateNodeAsync(NewNode node, CancellationToken cancellationToken) =>
        PostAsync("/api/nodes", node, Json.NewNode, Json.NodeDetails, cancellationToken);

    public Task<NodeSummary[]> ListNodesAsync(long afterId, int limit, CancellationToken cancellationToken) =>
        GetAsync($"/api/nodes?afterId={afterId}&limit={limit}", Json.NodeSummaryArray, cancellationToken);

    public Task<NodeDetails> GetNodeAsync(long id, CancellationToken cancellationToken) =>
        GetAsync($"/api/nodes/{id}", Json.NodeDetails, cancellationToken);

    public Task<Neighbourhood[]> GetNeighbourhoodsAsync(long[] ids, CancellationToken cancellationToken) =>
        PostAsync("/api/neighbourhoods", new NeighbourhoodRequest(ids), Json.NeighbourhoodRequest, Json.NeighbourhoodArray,
            cancellationToken);

    /// <summary>Each batch of a server stream is one message, written as its list (the route's response_body) and a newline.</summary>
    private Task<T[]> GetStreamedAsync<T>(string path, JsonTypeInfo<T[]> batch, CancellationToken cancellationToken) =>
        GetStreamedAsync(path, (body, token) => ReadBatchesAsync(body, batch, token), cancellationToken);

    /// <summary>The items of newline-delimited JSON arrays, in order.</summary>
    public static async IAsyncEnumerable<T> ReadBatchesAsync<T>(Stream body, JsonTypeInfo<T[]> batch,
        [System.Runtime.CompilerServices.EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await foreach (var items in JsonSerializer.DeserializeAsyncEnumerable(body, batch, topLevelValues: true, cancellationToken))
        {
            foreach (var item in items ?? [])
            {
                yield return item;
            }
        }
    }

    protected override async Task ThrowIfFailedAsync(HttpResponseMessage response, CancellationToken cancellationToken)
    {
        if (response.IsSuccessStatusCode)
        {
            return;
        }
        using var body = await ReadErrorBodyAsync(response, cancellationToken);
        throw TranscodingErrors.Read(response.StatusCode, response.ReasonPhrase, body?.RootElement);
    }
}
