using System.Diagnostics;
using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using RpcCompare.Contracts;
using RpcCompare.Contracts.Json;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// What the two clients of JSON resources (REST and grpc-json, whose routes are REST's) share: every operation on REST's
/// routes, GET and POST with the same System.Text.Json source-generated metadata, and the errors of the transport. Each
/// names its list cursor, reads its own streamed shape and its own error bodies.
/// </summary>
public abstract class JsonHttpGraphClientBase(Uri baseAddress, ClientOptions options, bool http2)
    : HttpGraphClientBase(baseAddress, options, http2)
{
    private static readonly GraphJsonContext Json = GraphJsonContext.Default;

    /// <summary>The query parameter of ListNodes' cursor.</summary>
    protected abstract string AfterIdParameter { get; }

    /// <summary>The items of a streamed answer as they arrive.</summary>
    protected abstract IAsyncEnumerable<T?> ReadStream<T>(Stream body, JsonTypeInfo<T> item, JsonTypeInfo<T[]> batch,
        CancellationToken cancellationToken);

    public async Task<string> PingAsync(string payload, CancellationToken cancellationToken) =>
        (await PostAsync("/api/ping", new PingMessage(payload), Json.PingMessage, Json.PingMessage, cancellationToken)).Payload;

    public Task<LinkView[]> GetLinksAsync(long nodeId, CancellationToken cancellationToken) =>
        GetAsync($"/api/nodes/{nodeId}/links", Json.LinkViewArray, cancellationToken);

    public Task<LinkView[]> StreamLinksAsync(long nodeId, CancellationToken cancellationToken) =>
        GetStreamedAsync($"/api/nodes/{nodeId}/links/stream", Json.LinkView, Json.LinkViewArray, cancellationToken);

    public Task<NodeSummary[]> SearchNodesAsync(string term, int limit, CancellationToken cancellationToken) =>
        GetAsync($"/api/nodes/search?term={Uri.EscapeDataString(term)}&limit={limit}", Json.NodeSummaryArray, cancellationToken);

    public Task<NodeSummary[]> StreamSearchNodesAsync(string term, int limit, CancellationToken cancellationToken) =>
        GetStreamedAsync($"/api/nodes/search/stream?term={Uri.EscapeDataString(term)}&limit={limit}", Json.NodeSummary,
            Json.NodeSummaryArray, cancellationToken);

    public Task<SnapshotInfo> PrepareSnapshotAsync(int size, CancellationToken cancellationToken) =>
        PostAsync("/api/snapshots", new SnapshotRequest(size), Json.SnapshotRequest, Json.SnapshotInfo, cancellationToken);

    public Task<WideRecord[]> GetRecordsAsync(long snapshotId, int count, CancellationToken cancellationToken) =>
        GetAsync($"/api/snapshots/{snapshotId}/records?count={count}", Json.WideRecordArray, cancellationToken);

    public Task<NodeDetails> CreateNodeAsync(NewNode node, CancellationToken cancellationToken) =>
        PostAsync("/api/nodes", node, Json.NewNode, Json.NodeDetails, cancellationToken);

    public Task<NodeSummary[]> ListNodesAsync(long afterId, int limit, CancellationToken cancellationToken) =>
        GetAsync($"/api/nodes?{AfterIdParameter}={afterId}&limit={limit}", Json.NodeSummaryArray, cancellationToken);

    public Task<NodeDetails> GetNodeAsync(long id, CancellationToken cancellationToken) =>
        GetAsync($"/api/nodes/{id}", Json.NodeDetails, cancellationToken);

    public Task<Neighbourhood[]> GetNeighbourhoodsAsync(long[] ids, CancellationToken cancellationToken) =>
        PostAsync("/api/neighbourhoods", new NeighbourhoodRequest(ids), Json.NeighbourhoodRequest, Json.NeighbourhoodArray,
            cancellationToken);

    private Task<T[]> GetStreamedAsync<T>(string path, JsonTypeInfo<T> item, JsonTypeInfo<T[]> batch, CancellationToken cancellationToken) =>
        GetStreamedAsync(path, (body, token) => ReadStream(body, item, batch, token), cancellationToken);

    /// <summary>Throws the classified failure of a response that is not a success; returns for a success.</summary>
    protected abstract Task ThrowIfFailedAsync(HttpResponseMessage response, CancellationToken cancellationToken);

    protected Task<T> GetAsync<T>(string path, JsonTypeInfo<T> type, CancellationToken cancellationToken) =>
        SendAsync(new HttpRequestMessage(HttpMethod.Get, path), type, cancellationToken);

    protected Task<TResponse> PostAsync<TRequest, TResponse>(string path, TRequest body, JsonTypeInfo<TRequest> requestType,
        JsonTypeInfo<TResponse> responseType, CancellationToken cancellationToken) =>
        SendAsync(new HttpRequestMessage(HttpMethod.Post, path) { Content = JsonContent.Create(body, requestType) },
            responseType, cancellationToken);

    private async Task<T> SendAsync<T>(HttpRequestMessage request, JsonTypeInfo<T> type, CancellationToken cancellationToken)
    {
        using (request)
        {
            // A request made here is HTTP/1.1 whatever the client's defaults (only HttpClient's own helpers apply them), which
            // an HTTP/2-only endpoint (--rest-http2) refuses.
            request.Version = Http.DefaultRequestVersion;
            request.VersionPolicy = Http.DefaultVersionPolicy;
            try
            {
                using var response = await Http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken);
                var timing = AnswerStarted();
                await ThrowIfFailedAsync(response, cancellationToken);
                await using var body = await response.Content.ReadAsStreamAsync(cancellationToken);
                var start = Stopwatch.GetTimestamp();
                var answer = await JsonSerializer.DeserializeAsync(Timed(body, timing), type, cancellationToken);
                Decoded(timing, start);
                return answer ?? throw new GraphCallException(ErrorKind.Protocol, "http null", "The response body was JSON null.");
            }
            catch (Exception e) when (HttpTransport.Classify(e, cancellationToken) is { } failure)
            {
                throw failure;
            }
        }
    }

    /// <summary>A streamed answer read whole: <paramref name="read"/> takes the body and yields its items as they arrive.</summary>
    protected async Task<T[]> GetStreamedAsync<T>(string path, Func<Stream, CancellationToken, IAsyncEnumerable<T?>> read,
        CancellationToken cancellationToken)
    {
        try
        {
            using var response = await Http.GetAsync(path, HttpCompletionOption.ResponseHeadersRead, cancellationToken);
            var timing = AnswerStarted();
            await ThrowIfFailedAsync(response, cancellationToken);
            await using var body = await response.Content.ReadAsStreamAsync(cancellationToken);
            var start = Stopwatch.GetTimestamp();
            var items = new List<T>();
            await foreach (var item in read(Timed(body, timing), cancellationToken))
            {
                items.Add(item!);
            }
            Decoded(timing, start);
            return [.. items];
        }
        catch (Exception e) when (HttpTransport.Classify(e, cancellationToken) is { } failure)
        {
            throw failure;
        }
    }

    /// <summary>The body of a failed response as JSON, when it is a JSON object; null otherwise.</summary>
    protected static async Task<JsonDocument?> ReadErrorBodyAsync(HttpResponseMessage response, CancellationToken cancellationToken)
    {
        try
        {
            var document = await JsonDocument.ParseAsync(
                await response.Content.ReadAsStreamAsync(cancellationToken), cancellationToken: cancellationToken);
            if (document.RootElement.ValueKind == JsonValueKind.Object)
            {
                return document;
            }
            document.Dispose();
            return null;
        }
        catch (JsonException)
        {
            return null;
        }
    }

    /// <summary>The kind of an HTTP status that says nothing more: what REST clients read from a status alone.</summary>
    public static ErrorKind KindOf(HttpStatusCode status) => status switch
    {
        HttpStatusCode.NotFound => ErrorKind.NotFound,
        HttpStatusCode.BadRequest => ErrorKind.InvalidArgument,
        HttpStatusCode.RequestEntityTooLarge or HttpStatusCode.RequestUriTooLong
            or HttpStatusCode.RequestHeaderFieldsTooLarge or HttpStatusCode.TooManyRequests => ErrorKind.OverLimit,
        HttpStatusCode.Forbidden => ErrorKind.WritesDisabled,
        _ when (int)status >= 500 => ErrorKind.Server,
        _ => ErrorKind.Protocol,
    };

    protected static string? StringProperty(JsonElement element, string name) => TranscodingErrors.StringProperty(element, name);
}
