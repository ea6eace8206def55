using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// REST over one shared HttpClient (SocketsHttpHandler: HTTP/1.1 keep-alive connections pooled per concurrent caller, or one
/// multiplexed HTTP/2 cleartext connection), with the same source-generated JSON metadata as the host.
/// </summary>
public sealed class RestGraphClient(Uri baseAddress, ClientOptions options)
    : JsonHttpGraphClientBase(baseAddress, options, options.Http2), IGraphClient
{
    public string Stack => Stacks.StackCatalog.Rest;

    public string Description => $"HttpClient with System.Text.Json (.NET {Environment.Version}), source-generated contexts, " +
        $"one SocketsHttpHandler with {Pooling}";

    protected override string AfterIdParameter => "after";

    /// <summary>REST streams one JSON array of items, written as the rows are read.</summary>
    protected override IAsyncEnumerable<T?> ReadStream<T>(Stream body, JsonTypeInfo<T> item, JsonTypeInfo<T[]> batch,
        CancellationToken cancellationToken) where T : default => JsonSerializer.DeserializeAsyncEnumerable(body, item, cancellationToken);

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
