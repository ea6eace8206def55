using Microsoft.AspNetCore.Diagnostics;
using Microsoft.AspNetCore.Mvc;
using RpcCompare.Data.Queries;
using RpcCompare.Stacks;

namespace RpcCompare.Server.Rest;

/// <summary>
/// Every failure as RFC 9457 problem details: the query service's refusals keep their message (404, 400, 403), a malformed
/// request gets 400 (or 413 when too big), a failure of the database itself 503 with its cause as the problem type
/// (<see cref="FailureCauses.ProblemTypePrefix"/>), anything else a generic 500 with no stack trace.
/// </summary>
public sealed class RestErrors(IProblemDetailsService problems) : IExceptionHandler
{
    public async ValueTask<bool> TryHandleAsync(HttpContext httpContext, Exception exception, CancellationToken cancellationToken)
    {
        var cause = DatabaseFailures.CauseOf(exception);
        var (status, title, detail) = exception switch
        {
            _ when cause is not null => (StatusCodes.Status503ServiceUnavailable, "Database unavailable", FailureCauses.Message(cause)),
            GraphException { Kind: GraphErrorKind.NotFound } e => (StatusCodes.Status404NotFound, "Not found", e.Message),
            GraphException { Kind: GraphErrorKind.InvalidArgument } e => (StatusCodes.Status400BadRequest, "Invalid argument", e.Message),
            GraphException { Kind: GraphErrorKind.WritesDisabled } e => (StatusCodes.Status403Forbidden, "Writes disabled", e.Message),
            BadHttpRequestException e => (e.StatusCode, e.StatusCode == StatusCodes.Status413PayloadTooLarge
                ? "Request body too large" : "Malformed request", e.Message),
            _ => (StatusCodes.Status500InternalServerError, "Internal error", "The server could not process the request."),
        };
        if (httpContext.Response.HasStarted)
        {
            // A streamed answer failed half-way: all we can do is cut it, so the client sees invalid JSON, not a short list.
            httpContext.Abort();
            return true;
        }
        httpContext.Response.StatusCode = status;
        return await problems.TryWriteAsync(new ProblemDetailsContext
        {
            HttpContext = httpContext,
            Exception = exception,
            ProblemDetails = new ProblemDetails
            {
                Status = status,
                Title = title,
                Detail = detail,
                Type = cause is null ? null : FailureCauses.ProblemTypePrefix + cause,
            },
        });
    }
}
