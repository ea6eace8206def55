using System.Net;
using System.Net.Http.Json;
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
    : HttpGraphClientBase(baseAddress, options, options.Http2), IGraphClient
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

    private Task<T> GetAsync<T>(string path, JsonTypeInfo<T> type, CancellationToken cancellationToken) =>
        SendAsync(new HttpRequestMessage(HttpMethod.Get, path), type, cancellationToken);

    private Task<TResponse> PostAsync<TRequest, TResponse>(string path, TRequest body, JsonTypeInfo<TRequest> requestType,
        JsonTypeInfo<TResponse> responseType, CancellationToken cancellationToken) =>
        SendAsync(new HttpRequestMessage(HttpMethod.Post, path) { Content = JsonContent.Create(body, requestType) },
            responseType, cancellationToken);

    private async Task<T> SendAsync<T>(HttpRequestMessage request, JsonTypeInfo<T> type, CancellationToken cancellationToken)
    {
        using (request)
        {
            try
            {
                using var response = await Http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken);
                await ThrowIfFailedAsync(response, cancellationToken);
                return await response.Content.ReadFromJsonAsync(type, cancellationToken)
                    ?? throw new GraphCallException(ErrorKind.Protocol, "http null", "The response body was JSON null.");
            }
            catch (Exception e) when (HttpTransport.Classify(e, cancellationToken) is { } failure)
            {
                throw failure;
            }
        }
    }

    private async Task<T[]> GetStreamedAsync<T>(string path, JsonTypeInfo<T> type, CancellationToken cancellationToken)
    {
        try
        {
            using var response = await Http.GetAsync(path, HttpCompletionOption.ResponseHeadersRead, cancellationToken);
            await ThrowIfFailedAsync(response, cancellationToken);
            await using var body = await response.Content.ReadAsStreamAsync(cancellationToken);
            var items = new List<T>();
            await foreach (var item in JsonSerializer.DeserializeAsyncEnumerable(body, type, cancellationToken))
            {
                items.Add(item!);
            }
            return [.. items];
        }
        catch (Exception e) when (HttpTransport.Classify(e, cancellationToken) is { } failure)
        {
            throw failure;
        }
    }

    private static async Task ThrowIfFailedAsync(HttpResponseMessage response, CancellationToken cancellationToken)
    {
        if (response.IsSuccessStatusCode)
        {
            return;
        }
        var status = (int)response.StatusCode;
        var (type, detail) = await ReadProblemAsync(response, cancellationToken);
        var kind = type is not null && type.StartsWith(FailureCauses.ProblemTypePrefix, StringComparison.Ordinal)
                && ErrorKinds.FromCause(type[FailureCauses.ProblemTypePrefix.Length..]) is { } cause
            ? cause
            : response.StatusCode switch
            {
                HttpStatusCode.NotFound => ErrorKind.NotFound,
                HttpStatusCode.BadRequest => ErrorKind.InvalidArgument,
                HttpStatusCode.RequestEntityTooLarge or HttpStatusCode.RequestUriTooLong
                    or HttpStatusCode.RequestHeaderFieldsTooLarge or HttpStatusCode.TooManyRequests => ErrorKind.OverLimit,
                HttpStatusCode.Forbidden => ErrorKind.WritesDisabled,
                _ when status >= 500 => ErrorKind.Server,
                _ => ErrorKind.Protocol,
            };
        throw new GraphCallException(kind, $"http {status}", detail ?? $"HTTP {status} {response.ReasonPhrase}");
    }

    /// <summary>The problem details' "type" and "detail" (RFC 9457), when the body is one.</summary>
    private static async Task<(string? Type, string? Detail)> ReadProblemAsync(HttpResponseMessage response,
        CancellationToken cancellationToken)
    {
        try
        {
            using var problem = await JsonDocument.ParseAsync(
                await response.Content.ReadAsStreamAsync(cancellationToken), cancellationToken: cancellationToken);
            var root = problem.RootElement;
            if (root.ValueKind != JsonValueKind.Object)
            {
                return (null, null);
            }
            return (root.TryGetProperty("type", out var type) && type.ValueKind == JsonValueKind.String ? type.GetString() : null,
                root.TryGetProperty("detail", out var detail) && detail.ValueKind == JsonValueKind.String ? detail.GetString() : null);
        }
        catch (JsonException)
        {
            return (null, null);
        }
    }
}
