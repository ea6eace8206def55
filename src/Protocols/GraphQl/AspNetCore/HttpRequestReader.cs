using System.Buffers;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Net.Http.Headers;

namespace RpcCompare.Protocols.GraphQl.AspNetCore;

/// <summary>A parsed GraphQL-over-HTTP request, or the transport error (status and message) that stops it.</summary>
internal sealed class HttpGraphQlRequest : IDisposable
{
    private readonly JsonDocument? _variables;

    private HttpGraphQlRequest(GraphQlRequest? request, JsonDocument? variables, int status, GraphQlError? error)
    {
        Request = request;
        _variables = variables;
        Status = status;
        Error = error;
    }

    public GraphQlRequest? Request { get; }

    public int Status { get; }

    public GraphQlError? Error { get; }

    public static HttpGraphQlRequest Success(GraphQlRequest request, JsonDocument? variables) => new(request, variables, StatusCodes.Status200OK, null);

    public static HttpGraphQlRequest Failure(int status, string message, string code) => new(null, null, status, new GraphQlError(message, code));

    public void Dispose() => _variables?.Dispose();
}

/// <summary>
/// Reads GraphQL-over-HTTP requests: POST bodies (application/json, parsed straight from the request pipe with
/// <see cref="Utf8JsonReader"/>, bounded in size) and GET query parameters.
/// </summary>
internal static class HttpRequestReader
{
    public static async Task<HttpGraphQlRequest> ReadPostAsync(HttpContext context, long maxBodySize, bool reportCost)
    {
        var request = context.Request;
        if (!IsJsonContentType(request.ContentType))
        {
            return HttpGraphQlRequest.Failure(
                StatusCodes.Status415UnsupportedMediaType,
                $"Unsupported content type \"{request.ContentType}\": send the request as application/json.",
                ErrorCodes.UnsupportedMediaType);
        }

        if (request.ContentLength > maxBodySize)
        {
            return TooLarge(maxBodySize);
        }

        if (context.Features.Get<IHttpMaxRequestBodySizeFeature>() is { IsReadOnly: false } limit)
        {
            limit.MaxRequestBodySize = maxBodySize;
        }

        var reader = request.BodyReader;
        try
        {
            while (true)
            {
                var read = await reader.ReadAsync(context.RequestAborted).ConfigureAwait(false);
                var buffer = read.Buffer;
                if (buffer.Length > maxBodySize)
                {
                    reader.AdvanceTo(buffer.End);
                    return TooLarge(maxBodySize);
                }

                if (read.IsCompleted)
                {
                    try
                    {
                        return ParseBody(buffer, reportCost);
                    }
                    finally
                    {
                        reader.AdvanceTo(buffer.End);
                    }
                }

                reader.AdvanceTo(buffer.Start, buffer.End);
            }
        }
        catch (BadHttpRequestException ex) when (ex.StatusCode == StatusCodes.Status413PayloadTooLarge)
        {
            return TooLarge(maxBodySize);
        }
    }

    public static HttpGraphQlRequest ReadGet(HttpContext context, bool reportCost)
    {
        var query = context.Request.Query;
        var text = query["query"].ToString();
        if (string.IsNullOrWhiteSpace(text))
        {
            return HttpGraphQlRequest.Failure(StatusCodes.Status400BadRequest, "The request has no \"query\" parameter.", ErrorCodes.InvalidRequest);
        }

        JsonDocument? variables = null;
        var variablesText = query["variables"].ToString();
        if (!string.IsNullOrEmpty(variablesText))
        {
            try
            {
                variables = JsonDocument.Parse(variablesText);
            }
            catch (JsonException ex)
            {
                return HttpGraphQlRequest.Failure(StatusCodes.Status400BadRequest, $"The \"variables\" parameter is not valid JSON: {ex.Message}", ErrorCodes.InvalidRequest);
            }

            if (variables.RootElement.ValueKind is not (JsonValueKind.Object or JsonValueKind.Null))
            {
                variables.Dispose();
                return HttpGraphQlRequest.Failure(StatusCodes.Status400BadRequest, "The \"variables\" parameter must be a JSON object.", ErrorCodes.InvalidRequest);
            }
        }

        var operationName = query["operationName"].ToString();
        var graphQlRequest = new GraphQlRequest(text, string.IsNullOrEmpty(operationName) ? null : operationName, variables?.RootElement)
        {
            AllowedOperations = OperationKinds.Query,
            ReportCost = reportCost,
        };
        return HttpGraphQlRequest.Success(graphQlRequest, variables);
    }

    private static HttpGraphQlRequest ParseBody(ReadOnlySequence<byte> body, bool reportCost)
    {
        string? query = null;
        string? operationName = null;
        JsonDocument? variables = null;
        try
        {
            var reader = new Utf8JsonReader(body, new JsonReaderOptions { CommentHandling = JsonCommentHandling.Disallow, MaxDepth = 256 });
            if (!reader.Read() || reader.TokenType != JsonTokenType.StartObject)
            {
                return Invalid(reader.TokenType == JsonTokenType.StartArray
                    ? "Batched requests (a JSON array) are not supported; send one request object."
                    : "The request body must be a JSON object with a \"query\".");
            }

            while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
            {
                var name = reader.GetString();
                reader.Read();
                switch (name)
                {
                    case "query":
                        if (reader.TokenType is not (JsonTokenType.String or JsonTokenType.Null))
                        {
                            return Invalid("\"query\" must be a string.");
                        }

                        query = reader.GetString();
                        break;
                    case "operationName":
                        if (reader.TokenType is not (JsonTokenType.String or JsonTokenType.Null))
                        {
                            return Invalid("\"operationName\" must be a string or null.");
                        }

                        operationName = reader.GetString();
                        break;
                    case "variables":
                        if (reader.TokenType is not (JsonTokenType.StartObject or JsonTokenType.Null))
                        {
                            return Invalid("\"variables\" must be a JSON object or null.");
                        }

                        variables?.Dispose();
                        variables = JsonDocument.ParseValue(ref reader);
                        break;
                    default:
                        reader.Skip();
                        break;
                }
            }

            if (reader.TokenType != JsonTokenType.EndObject || reader.Read())
            {
                return Invalid("The request body has content after the JSON object.");
            }
        }
        catch (JsonException ex)
        {
            variables?.Dispose();
            return Invalid($"The request body is not valid JSON: {ex.Message}");
        }

        if (string.IsNullOrWhiteSpace(query))
        {
            variables?.Dispose();
            return Invalid("The request has no \"query\".");
        }

        var request = new GraphQlRequest(query, operationName, variables?.RootElement) { ReportCost = reportCost };
        return HttpGraphQlRequest.Success(request, variables);

        HttpGraphQlRequest Invalid(string message)
        {
            variables?.Dispose();
            return HttpGraphQlRequest.Failure(StatusCodes.Status400BadRequest, message, ErrorCodes.InvalidRequest);
        }
    }

    private static HttpGraphQlRequest TooLarge(long maxBodySize) =>
        HttpGraphQlRequest.Failure(
            StatusCodes.Status413PayloadTooLarge,
            $"The request body is larger than the limit of {maxBodySize} bytes.",
            ErrorCodes.RequestTooLarge);

    private static bool IsJsonContentType(string? contentType) =>
        MediaTypeHeaderValue.TryParse(contentType, out var mediaType)
        && mediaType.MediaType.Equals("application/json", StringComparison.OrdinalIgnoreCase)
        && (mediaType.Charset.Length == 0 || mediaType.Charset.Equals("utf-8", StringComparison.OrdinalIgnoreCase));
}
