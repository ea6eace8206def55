using System.Buffers;
using System.Diagnostics;
using System.Net;
using System.Net.Http.Headers;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using RpcCompare.Contracts;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// GraphQL as a plain HTTP POST of {query, variables} with fixed documents (so the server parses each once), and the
/// `data` member read with source-generated metadata into the same contract types as every other stack.
/// </summary>
public sealed class GraphQlGraphClient(Uri baseAddress, ClientOptions options)
    : HttpGraphClientBase(baseAddress, options, http2: false), IGraphClient, ISingleRequestPage
{
    private const string LinkFields = "id type weight createdAt target { id name type }";
    private static readonly string RecordFields = string.Join(' ',
        typeof(WideRecord).GetProperties().Where(p => p.Name != "EqualityContract").Select(p => JsonNamingPolicy.CamelCase.ConvertName(p.Name)));
    private static readonly GraphQlJsonContext Json = GraphQlJsonContext.Default;
    private static readonly MediaTypeHeaderValue JsonMediaType = new("application/json");

    private readonly Uri _endpoint = new(baseAddress, "/graphql");

    public string Stack => Stacks.StackCatalog.GraphQl;

    public string Description => $"HttpClient with System.Text.Json (.NET {Environment.Version}) posting GraphQL documents " +
        $"with variables, one SocketsHttpHandler with {Pooling}";

    public async Task<string> PingAsync(string payload, CancellationToken cancellationToken) =>
        (await QueryAsync("query Ping($payload: String!) { ping(payload: $payload) }",
            w => w.WriteString("payload", payload), Json.ResponsePingData, cancellationToken)).Ping;

    public async Task<LinkView[]> GetLinksAsync(long nodeId, CancellationToken cancellationToken) =>
        (await QueryAsync($"query Links($nodeId: Long!) {{ links(nodeId: $nodeId) {{ {LinkFields} }} }}",
            w => w.WriteNumber("nodeId", nodeId), Json.ResponseLinksData, cancellationToken)).Links;

    public Task<LinkView[]> StreamLinksAsync(long nodeId, CancellationToken cancellationToken) =>
        throw new NotSupportedException("The GraphQL stack has no streaming variant.");

    public async Task<NodeSummary[]> SearchNodesAsync(string term, int limit, CancellationToken cancellationToken) =>
        (await QueryAsync("query Search($term: String!, $limit: Int!) { searchNodes(term: $term, limit: $limit) { id name type } }",
            w =>
            {
                w.WriteString("term", term);
                w.WriteNumber("limit", limit);
            }, Json.ResponseSearchData, cancellationToken)).SearchNodes;

    public Task<NodeSummary[]> StreamSearchNodesAsync(string term, int limit, CancellationToken cancellationToken) =>
        throw new NotSupportedException("The GraphQL stack has no streaming variant.");

    public async Task<SnapshotInfo> PrepareSnapshotAsync(int size, CancellationToken cancellationToken) =>
        (await QueryAsync("mutation Prepare($size: Int!) { prepareSnapshot(size: $size) { id size } }",
            w => w.WriteNumber("size", size), Json.ResponsePrepareData, cancellationToken)).PrepareSnapshot;

    public async Task<WideRecord[]> GetRecordsAsync(long snapshotId, int count, CancellationToken cancellationToken) =>
        (await QueryAsync($"query Records($snapshotId: Long!, $count: Int!) {{ records(snapshotId: $snapshotId, count: $count) {{ {RecordFields} }} }}",
            w =>
            {
                w.WriteNumber("snapshotId", snapshotId);
                w.WriteNumber("count", count);
            }, Json.ResponseRecordsData, cancellationToken)).Records;

    public async Task<NodeDetails> CreateNodeAsync(NewNode node, CancellationToken cancellationToken) =>
        (await QueryAsync("mutation Create($name: String!, $type: String!) { createNode(name: $name, type: $type) { id name type createdAt linkCount } }",
            w =>
            {
                w.WriteString("name", node.Name);
                w.WriteString("type", node.Type);
            }, Json.ResponseCreateData, cancellationToken)).CreateNode;

    public async Task<NodeSummary[]> ListNodesAsync(long afterId, int limit, CancellationToken cancellationToken) =>
        (await QueryAsync("query Nodes($after: Long!, $first: Int!) { nodes(after: $after, first: $first) { id name type } }",
            w =>
            {
                w.WriteNumber("after", afterId);
                w.WriteNumber("first", limit);
            }, Json.ResponseNodesData, cancellationToken)).Nodes;

    public async Task<NodeDetails> GetNodeAsync(long id, CancellationToken cancellationToken) =>
        (await QueryAsync("query Node($id: Long!) { node(id: $id) { id name type createdAt linkCount } }",
            w => w.WriteNumber("id", id), Json.ResponseNodeData, cancellationToken)).Node
        ?? throw new GraphCallException(ErrorKind.Protocol, "graphql null", $"Node {id} came back null without an error.");

    public async Task<Neighbourhood[]> GetNeighbourhoodsAsync(long[] ids, CancellationToken cancellationToken) =>
        (await QueryAsync($"query Neighbourhoods($ids: [Long!]!) {{ neighbourhoods(ids: $ids) {{ node {{ id name type }} links {{ {LinkFields} }} }} }}",
            w =>
            {
                w.WriteStartArray("ids");
                foreach (var id in ids)
                {
                    w.WriteNumberValue(id);
                }
                w.WriteEndArray();
            }, Json.ResponseNeighbourhoodsData, cancellationToken)).Neighbourhoods;

    /// <summary>The N+1 page in one request: nodes, their links and the targets' names.</summary>
    public async Task<Neighbourhood[]> GetPageWithLinksAsync(long afterId, int limit, CancellationToken cancellationToken)
    {
        var page = (await QueryAsync($"query Page($after: Long!, $first: Int!) {{ nodes(after: $after, first: $first) {{ id name type links {{ {LinkFields} }} }} }}",
            w =>
            {
                w.WriteNumber("after", afterId);
                w.WriteNumber("first", limit);
            }, Json.ResponsePageData, cancellationToken)).Nodes;
        return [.. page.Select(n => new Neighbourhood { Node = new NodeSummary { Id = n.Id, Name = n.Name, Type = n.Type }, Links = n.Links })];
    }

    private async Task<T> QueryAsync<T>(string query, Action<Utf8JsonWriter> variables, JsonTypeInfo<GraphQlResponse<T>> type,
        CancellationToken cancellationToken)
        where T : class
    {
        try
        {
            using var request = new HttpRequestMessage(HttpMethod.Post, _endpoint) { Content = Body(query, variables) };
            using var response = await Http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken);
            var timing = AnswerStarted();
            if (response.StatusCode == HttpStatusCode.RequestEntityTooLarge)
            {
                throw new GraphCallException(ErrorKind.OverLimit, "http 413", "The request body was too large.");
            }
            await using var body = await response.Content.ReadAsStreamAsync(cancellationToken);
            var start = Stopwatch.GetTimestamp();
            var answer = await JsonSerializer.DeserializeAsync(Timed(body, timing), type, cancellationToken);
            Decoded(timing, start);
            var result = answer ?? throw new GraphCallException(ErrorKind.Protocol, "graphql", "The response was JSON null.");
            if (result.Errors is { Length: > 0 } errors)
            {
                var code = errors[0].Extensions?.Code ?? "";
                throw new GraphCallException(KindOf(errors[0]), $"graphql {code}", errors[0].Message ?? "GraphQL error");
            }
            if (!response.IsSuccessStatusCode)
            {
                throw new GraphCallException((int)response.StatusCode >= 500 ? ErrorKind.Server : ErrorKind.Protocol,
                    $"http {(int)response.StatusCode}", $"HTTP {(int)response.StatusCode} {response.ReasonPhrase}");
            }
            return result.Data ?? throw new GraphCallException(ErrorKind.Protocol, "graphql", "The response had no data.");
        }
        catch (Exception e) when (HttpTransport.Classify(e, cancellationToken) is { } failure)
        {
            throw failure;
        }
    }

    private static ByteArrayContent Body(string query, Action<Utf8JsonWriter> variables)
    {
        var buffer = new ArrayBufferWriter<byte>(256);
        using (var writer = new Utf8JsonWriter(buffer))
        {
            writer.WriteStartObject();
            writer.WriteString("query", query);
            writer.WriteStartObject("variables");
            variables(writer);
            writer.WriteEndObject();
            writer.WriteEndObject();
        }
        var content = new ByteArrayContent(buffer.WrittenMemory.ToArray());
        content.Headers.ContentType = JsonMediaType;
        return content;
    }

    /// <summary>
    /// GraphQL.NET's codes (and the host's for the query service's refusals) as error kinds: a request that never ran
    /// (syntax, validation rules, which carry the spec's rule number, complexity, variables, body) is invalid input.
    /// </summary>
    private static ErrorKind KindOf(GraphQlErrorDto error) => error.Extensions?.Code switch
    {
        var code when ErrorKinds.FromCause(Stacks.FailureCauses.FromGraphQlCode(code)) is { } cause => cause,
        "NOT_FOUND" => ErrorKind.NotFound,
        "INVALID_ARGUMENT" or "SYNTAX" or "COMPLEXITY" or "MAX_DEPTH_EXCEEDED" or "INTROSPECTION_DEPTH" or "INVALID_VALUE" or "INVALID_LITERAL" or "INVALID_REQUEST"
            or "UNSUPPORTED_MEDIA_TYPE" or "NO_OPERATION" or "INVALID_OPERATION" or "INVALID_OPERATION_NAME"
            or "NO_OPERATION_NAME" => ErrorKind.InvalidArgument,
        _ when error.Extensions?.Number is not null => ErrorKind.InvalidArgument,
        "REQUEST_TOO_LARGE" or "DOCUMENT_TOO_LARGE" or "TOO_MANY_FIELDS" or "TOO_MANY_FRAGMENTS" or "TOO_MANY_ROOT_FIELDS"
            or "TOO_MANY_ERRORS" => ErrorKind.OverLimit,
        "WRITES_DISABLED" => ErrorKind.WritesDisabled,
        "TIMEOUT" => ErrorKind.Timeout,
        "UNEXPECTED_EXECUTION_ERROR" => ErrorKind.Server,
        _ => ErrorKind.Other,
    };
}

public sealed record GraphQlResponse<T>(T? Data, GraphQlErrorDto[]? Errors);

public sealed record GraphQlErrorDto(string? Message, GraphQlErrorExtensions? Extensions);

public sealed record GraphQlErrorExtensions(string? Code, string? Number);

public sealed record PingData(string Ping);
public sealed record LinksData(LinkView[] Links);
public sealed record SearchData(NodeSummary[] SearchNodes);
public sealed record PrepareData(SnapshotInfo PrepareSnapshot);
public sealed record RecordsData(WideRecord[] Records);
public sealed record CreateData(NodeDetails CreateNode);
public sealed record NodesData(NodeSummary[] Nodes);
public sealed record NodeData(NodeDetails? Node);
public sealed record NeighbourhoodsData(Neighbourhood[] Neighbourhoods);
public sealed record PageData(PageNode[] Nodes);
public sealed record PageNode(long Id, string Name, string Type, LinkView[] Links);

[JsonSourceGenerationOptions(JsonSerializerDefaults.Web)]
[JsonSerializable(typeof(GraphQlResponse<PingData>), TypeInfoPropertyName = "ResponsePingData")]
[JsonSerializable(typeof(GraphQlResponse<LinksData>), TypeInfoPropertyName = "ResponseLinksData")]
[JsonSerializable(typeof(GraphQlResponse<SearchData>), TypeInfoPropertyName = "ResponseSearchData")]
[JsonSerializable(typeof(GraphQlResponse<PrepareData>), TypeInfoPropertyName = "ResponsePrepareData")]
[JsonSerializable(typeof(GraphQlResponse<RecordsData>), TypeInfoPropertyName = "ResponseRecordsData")]
[JsonSerializable(typeof(GraphQlResponse<CreateData>), TypeInfoPropertyName = "ResponseCreateData")]
[JsonSerializable(typeof(GraphQlResponse<NodesData>), TypeInfoPropertyName = "ResponseNodesData")]
[JsonSerializable(typeof(GraphQlResponse<NodeData>), TypeInfoPropertyName = "ResponseNodeData")]
[JsonSerializable(typeof(GraphQlResponse<NeighbourhoodsData>), TypeInfoPropertyName = "ResponseNeighbourhoodsData")]
[JsonSerializable(typeof(GraphQlResponse<PageData>), TypeInfoPropertyName = "ResponsePageData")]
public sealed partial class GraphQlJsonContext : JsonSerializerContext;
