using System.Text.Json;
using GraphQL;
using GraphQL.Transport;
using GraphQL.Types;
using GraphQL.Utilities;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Net.Http.Headers;

namespace RpcCompare.Server.GraphQl;

/// <summary>
/// POST /graphql after the GraphQL-over-HTTP draft: a JSON body {query, operationName, variables} executed by GraphQL.NET's
/// document executer and written by its System.Text.Json serializer. The answer is application/graphql-response+json
/// when the client accepts it (a request that could not run then gets 400) and application/json otherwise (always 200
/// once the request is well formed). The document must meet <see cref="DocumentLimits"/> before it is validated (a refusal is
/// a request that could not run). Transport problems (not JSON, no query, too large, wrong content type) get a 4xx
/// with an errors body. GET /graphql/schema.graphql serves the SDL. (GraphQL.Server.Transports.AspNetCore, which does
/// this, is not in the package feed.)
/// </summary>
public static class GraphQlEndpoint
{
    public const string GraphQlResponseMediaType = "application/graphql-response+json";
    public const string JsonMediaType = "application/json";

    /// <summary>Errors one response carries at most, then a TOO_MANY_ERRORS error, as graphql-js's validate stops at 100.</summary>
    public const int MaxErrors = 100;

    public static void MapGraphQlEndpoint(this WebApplication app)
    {
        app.MapPost("/graphql", HandleAsync);
        var sdl = new Lazy<string>(() => app.Services.GetRequiredService<ISchema>().Print());
        app.MapGet("/graphql/schema.graphql", () => Results.Text(sdl.Value, "text/plain; charset=utf-8"));
    }

    private static async Task HandleAsync(HttpContext http, IDocumentExecuter<ISchema> executer, IGraphQLTextSerializer serializer)
    {
        var mediaType = http.Request.Headers.Accept.ToString().Contains(GraphQlResponseMediaType, StringComparison.OrdinalIgnoreCase)
            ? GraphQlResponseMediaType
            : JsonMediaType;
        if (!IsJson(http.Request.ContentType))
        {
            await WriteRequestErrorAsync(http, serializer, mediaType, StatusCodes.Status415UnsupportedMediaType, "UNSUPPORTED_MEDIA_TYPE",
                $"Send the request as {JsonMediaType}.");
            return;
        }

        GraphQLRequest? request;
        try
        {
            request = await serializer.ReadAsync<GraphQLRequest>(http.Request.Body, http.RequestAborted);
        }
        catch (BadHttpRequestException e) when (e.StatusCode == StatusCodes.Status413PayloadTooLarge)
        {
            await WriteRequestErrorAsync(http, serializer, mediaType, e.StatusCode, "REQUEST_TOO_LARGE",
                $"The request body is larger than {http.Features.Get<IHttpMaxRequestBodySizeFeature>()?.MaxRequestBodySize:N0} bytes.");
            return;
        }
        catch (Exception e) when (e is JsonException or ArgumentException or FormatException)
        {
            await WriteRequestErrorAsync(http, serializer, mediaType, StatusCodes.Status400BadRequest, "INVALID_REQUEST",
                "The body is not a GraphQL request: a JSON object with a \"query\" string, optional \"operationName\" and \"variables\".");
            return;
        }
        if (string.IsNullOrWhiteSpace(request?.Query))
        {
            await WriteRequestErrorAsync(http, serializer, mediaType, StatusCodes.Status400BadRequest, "INVALID_REQUEST",
                "The request has no \"query\".");
            return;
        }

        // The caps are checked on our own parse, before GraphQL.NET validates anything; the parsed document is handed on.
        var (document, refusal) = DocumentLimits.Check(request.Query, http.RequestAborted);
        if (refusal is not null)
        {
            await WriteAsync(http, serializer, mediaType, NotRunStatus(mediaType), new ExecutionResult { Errors = [refusal] });
            return;
        }

        var result = await executer.ExecuteAsync(new ExecutionOptions
        {
            Query = request.Query,
            Document = document,
            OperationName = request.OperationName,
            Variables = request.Variables,
            Extensions = request.Extensions,
            RequestServices = http.RequestServices,
            User = http.User,
            CancellationToken = http.RequestAborted,
        });
        LimitErrors(result);
        await WriteAsync(http, serializer, mediaType, result.Executed ? StatusCodes.Status200OK : NotRunStatus(mediaType), result);
    }

    private static void LimitErrors(ExecutionResult result)
    {
        if (result.Errors is { Count: > MaxErrors } errors)
        {
            var total = errors.Count;
            var kept = new ExecutionErrors();
            foreach (var error in errors.Take(MaxErrors))
            {
                kept.Add(error);
            }
            kept.Add(new ExecutionError($"The request caused {total:N0} errors; the first {MaxErrors} are reported.") { Code = "TOO_MANY_ERRORS" });
            result.Errors = kept;
        }
    }

    /// <summary>A request that could not run: 400 in the GraphQL media type, 200 (with errors) in plain JSON.</summary>
    private static int NotRunStatus(string mediaType) =>
        mediaType == GraphQlResponseMediaType ? StatusCodes.Status400BadRequest : StatusCodes.Status200OK;

    private static bool IsJson(string? contentType) =>
        MediaTypeHeaderValue.TryParse(contentType, out var parsed)
        && (parsed.MediaType.Equals(JsonMediaType, StringComparison.OrdinalIgnoreCase)
            || parsed.MediaType.Equals(GraphQlResponseMediaType, StringComparison.OrdinalIgnoreCase));

    private static Task WriteRequestErrorAsync(HttpContext http, IGraphQLTextSerializer serializer, string mediaType, int status,
        string code, string message) =>
        WriteAsync(http, serializer, mediaType, status, new ExecutionResult { Errors = [new ExecutionError(message) { Code = code }] });

    private static async Task WriteAsync(HttpContext http, IGraphQLTextSerializer serializer, string mediaType, int status, ExecutionResult result)
    {
        http.Response.StatusCode = status;
        http.Response.ContentType = mediaType + "; charset=utf-8";
        await serializer.WriteAsync(http.Response.Body, result, http.RequestAborted);
    }
}
