using System.Text;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Options;
using Microsoft.Extensions.Primitives;
using Microsoft.Net.Http.Headers;

namespace RpcCompare.Protocols.GraphQl.AspNetCore;

/// <summary>
/// The GraphQL-over-HTTP endpoint. Responses are <c>application/graphql-response+json</c> when the client asks for
/// it (then request errors get 4xx) and <c>application/json</c> otherwise (then every well-formed request gets 200).
/// Transport problems (bad JSON, no query, body too large, wrong content type) always get 4xx with an errors body.
/// </summary>
internal sealed class GraphQlHttpHandler(GraphQlExecutor executor, IOptions<GraphQlOptions> options)
{
    public const string GraphQlResponseMediaType = "application/graphql-response+json";
    public const string JsonMediaType = "application/json";

    private static readonly JsonWriterOptions WriterOptions = new() { SkipValidation = true };
    private readonly GraphQlOptions _options = options.Value;
    private readonly Lazy<byte[]> _sdl = new(() => Encoding.UTF8.GetBytes(executor.Schema.ToSdl()));

    public async Task HandleAsync(HttpContext context)
    {
        var mediaType = NegotiateMediaType(context.Request.Headers.Accept);
        if (mediaType is null)
        {
            await WriteTransportErrorAsync(context, JsonMediaType, StatusCodes.Status406NotAcceptable, new GraphQlError(
                $"None of the accepted media types is supported; accept {GraphQlResponseMediaType} or {JsonMediaType}.",
                ErrorCodes.NotAcceptable)).ConfigureAwait(false);
            return;
        }

        var reportCost = context.Request.Headers.TryGetValue("GraphQL-Cost", out var costHeader)
            && costHeader.ToString().Equals("report", StringComparison.OrdinalIgnoreCase);
        HttpGraphQlRequest parsed;
        if (HttpMethods.IsPost(context.Request.Method))
        {
            parsed = await HttpRequestReader.ReadPostAsync(context, _options.MaxRequestBodySize, reportCost).ConfigureAwait(false);
        }
        else if (_options.EnableGetRequests)
        {
            parsed = HttpRequestReader.ReadGet(context, reportCost);
        }
        else
        {
            context.Response.Headers.Allow = "POST";
            parsed = HttpGraphQlRequest.Failure(StatusCodes.Status405MethodNotAllowed, "GET requests are disabled; use POST.", ErrorCodes.MethodNotAllowed);
        }

        using (parsed)
        {
            if (parsed.Request is null)
            {
                await WriteTransportErrorAsync(context, mediaType, parsed.Status, parsed.Error!).ConfigureAwait(false);
                return;
            }

            var result = await executor.ExecuteAsync(parsed.Request, context.RequestServices, context.RequestAborted).ConfigureAwait(false);
            var status = StatusFor(result, mediaType);
            if (status == StatusCodes.Status405MethodNotAllowed)
            {
                context.Response.Headers.Allow = "POST";
            }

            await WriteResultAsync(context, mediaType, status, result).ConfigureAwait(false);
        }
    }

    public async Task HandleSchemaAsync(HttpContext context)
    {
        if (!_options.EnableSchemaEndpoint)
        {
            context.Response.StatusCode = StatusCodes.Status404NotFound;
            return;
        }

        context.Response.ContentType = "text/plain; charset=utf-8";
        context.Response.ContentLength = _sdl.Value.Length;
        await context.Response.Body.WriteAsync(_sdl.Value, context.RequestAborted).ConfigureAwait(false);
    }

    /// <summary>Picks the response media type; null when the client accepts neither JSON type.</summary>
    internal static string? NegotiateMediaType(StringValues accept)
    {
        if (StringValues.IsNullOrEmpty(accept) || !MediaTypeHeaderValue.TryParseList(accept, out var ranges) || ranges.Count == 0)
        {
            return JsonMediaType;
        }

        string? best = null;
        double bestQuality = 0;
        foreach (var range in ranges)
        {
            var quality = range.Quality ?? 1;
            if (quality <= 0)
            {
                continue;
            }

            var candidate = range.MediaType.Value?.ToLowerInvariant() switch
            {
                GraphQlResponseMediaType => GraphQlResponseMediaType,
                JsonMediaType or "application/*" or "*/*" => JsonMediaType,
                _ => null,
            };
            if (candidate is null)
            {
                continue;
            }

            // Higher quality wins; on a tie the GraphQL response type is preferred.
            if (quality > bestQuality || (quality == bestQuality && candidate == GraphQlResponseMediaType))
            {
                best = candidate;
                bestQuality = quality;
            }
        }

        return best;
    }

    private static int StatusFor(ExecutionResult result, string mediaType)
    {
        if (!result.HasData && result.Errors.Any(e => e.Code == ErrorCodes.OperationNotAllowed))
        {
            return StatusCodes.Status405MethodNotAllowed;
        }

        return mediaType == GraphQlResponseMediaType && !result.HasData ? StatusCodes.Status400BadRequest : StatusCodes.Status200OK;
    }

    private static async Task WriteResultAsync(HttpContext context, string mediaType, int status, ExecutionResult result)
    {
        var response = context.Response;
        response.StatusCode = status;
        response.ContentType = mediaType + "; charset=utf-8";
        var pipe = response.BodyWriter;
        await using var writer = new Utf8JsonWriter(pipe, WriterOptions);
        await result.WriteToAsync(writer, pipe, context.RequestAborted).ConfigureAwait(false);

        // Nothing flushed yet (a small response): send it with a Content-Length instead of chunked.
        if (!response.HasStarted)
        {
            response.ContentLength = writer.BytesCommitted;
        }

        await pipe.FlushAsync(context.RequestAborted).ConfigureAwait(false);
    }

    private static async Task WriteTransportErrorAsync(HttpContext context, string mediaType, int status, GraphQlError error) =>
        await WriteResultAsync(context, mediaType, status, ExecutionResult.RequestError(error)).ConfigureAwait(false);
}
