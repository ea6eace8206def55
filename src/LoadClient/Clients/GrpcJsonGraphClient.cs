using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

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
    public string Stack => Stacks.StackCatalog.GrpcJson;

    public string Description => $"HttpClient with System.Text.Json (.NET {Environment.Version}), the REST client's " +
        $"source-generated contexts, one SocketsHttpHandler with {Pooling}";

    /// <summary>The proto field's JSON name, as transcoding binds query parameters.</summary>
    protected override string AfterIdParameter => "afterId";

    /// <summary>Each batch of a server stream is one message, written as its list (the route's response_body) and a newline.</summary>
    protected override IAsyncEnumerable<T?> ReadStream<T>(Stream body, JsonTypeInfo<T> item, JsonTypeInfo<T[]> batch,
        CancellationToken cancellationToken) where T : default => ReadBatchesAsync(body, batch, cancellationToken);

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
