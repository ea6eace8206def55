using System.Reflection;
using Microsoft.Extensions.Logging;

namespace RpcCompare.Protocols.GraphQl.Execution;

/// <summary>
/// Turns resolver exceptions into response errors: <see cref="GraphQlException"/> as is, then the host's error
/// filters (domain exceptions to a message and code), else "Unexpected Execution Error" without details.
/// </summary>
internal sealed class ErrorHandler(GraphQlOptions options, ILogger? logger)
{
    public const string UnexpectedMessage = "Unexpected Execution Error";

    public GraphQlError CreateError(Exception exception)
    {
        exception = Unwrap(exception);
        if (exception is GraphQlException graphQl)
        {
            return graphQl.ToError();
        }

        foreach (var filter in options.ErrorFilters)
        {
            GraphQlError? mapped;
            try
            {
                mapped = filter(exception);
            }
            catch (Exception filterFailure)
            {
                logger?.LogError(filterFailure, "A GraphQL error filter threw while mapping {ExceptionType}.", exception.GetType().Name);
                continue;
            }

            if (mapped is not null)
            {
                return mapped with { Exception = exception };
            }
        }

        logger?.LogError(exception, "Unexpected exception in a GraphQL resolver.");
        return new GraphQlError(UnexpectedMessage, ErrorCodes.UnexpectedExecutionError)
        {
            Exception = exception,
            Extensions = options.IncludeExceptionDetails
                ? new Dictionary<string, object?>
                {
                    ["exception"] = exception.GetType().FullName,
                    ["detail"] = exception.Message,
                    ["stackTrace"] = exception.StackTrace,
                }
                : null,
        };
    }

    private static Exception Unwrap(Exception exception)
    {
        while (true)
        {
            switch (exception)
            {
                case AggregateException { InnerExceptions.Count: 1 } aggregate:
                    exception = aggregate.InnerExceptions[0];
                    continue;
                case TargetInvocationException { InnerException: { } inner }:
                    exception = inner;
                    continue;
                default:
                    return exception;
            }
        }
    }
}
