using GraphQL;
using GraphQL.Execution;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using RpcCompare.Contracts.Hosting;
using RpcCompare.Data.Queries;
using RpcCompare.Definitions;
using RpcCompare.Hosting;

namespace RpcCompare.Server.GraphQl;

public static class GraphQlHost
{
    public const long MaxRequestBodyBytes = 4 * 1024 * 1024;

    /// <summary>The switch that lets errors carry exception details (off: messages and codes only, no stack trace, no SQL).</summary>
    public static readonly (string Name, bool IsSwitch, string Help) DetailedErrors =
        ("detailed-errors", true, "put exception details into GraphQL errors (off by default)");

    /// <summary>
    /// GraphQL.NET as its maintainers configure a public endpoint: the complexity analyzer on (depth and cost,
    /// <see cref="GraphCost"/>), exception details hidden, a request body limit, the System.Text.Json serializer, and the
    /// query service's refusals as errors with a code the clients understand.
    /// </summary>
    public static void AddGraphQlHost(this WebApplicationBuilder builder)
    {
        var setup = builder.AddStackHost(StackCatalog.GraphQl);
        var detailedErrors = builder.Configuration.GetValue<bool>(DetailedErrors.Name);
        builder.WebHost.ConfigureKestrel(kestrel =>
        {
            kestrel.Limits.MaxRequestBodySize = MaxRequestBodyBytes;
            kestrel.Listen(setup, EndpointNames.Http, setup.Settings.Port, o => o.Protocols = HttpProtocols.Http1);
        });
        builder.Services.AddGraphQlSchema(detailedErrors);

        var configuration = setup.Configuration;
        configuration.Set("implementation", $"GraphQL.NET {LibraryVersion.Of(typeof(DocumentExecuter))} on ASP.NET Core " +
            "(HotChocolate is not in the feed); HTTP endpoint and batch loader written here (GraphQL.Server and GraphQL.DataLoader are not either)");
        configuration.Set("protocol", "GraphQL over HTTP/1.1 keep-alive, POST application/json");
        configuration.Set("encoding", $"JSON by GraphQL.SystemTextJson {LibraryVersion.Of(typeof(GraphQL.SystemTextJson.GraphQLSerializer))}");
        configuration.Set("batching", "Node.links through one batch per level over GetNeighbourhoods");
        configuration.Set("max depth / complexity", $"{GraphCost.MaxDepth} / {GraphCost.MaxComplexity:N0} (GraphQL.NET complexity analyzer; " +
            $"a call of the query service {GraphCost.ResolverImpact:N0} + 1 per object, scalars 0)");
        configuration.Set("introspection", $"on; list fields nested at most {IntrospectionDepthRule.MaxDepth} deep");
        configuration.Set("max request body", $"{MaxRequestBodyBytes:N0} bytes");
        configuration.Set("execution timeout", "60 s");
        configuration.Set("exception details in errors", detailedErrors ? "on (--detailed-errors)" : "off");
        configuration.Set("streaming variants", "none (@stream is not in the GraphQL spec yet)");
    }

    /// <summary>The schema, its executer and serializer, limits and error handling; needs the query service (AddGraphData).</summary>
    public static IServiceCollection AddGraphQlSchema(this IServiceCollection services, bool detailedErrors)
    {
        services.AddScoped<LinksByNodeLoader>();
        services.AddGraphQL(graphQl => graphQl
            .AddSchema<GraphSchema>()
            .AddGraphTypes(typeof(GraphSchema).Assembly)
            .AddSystemTextJson()
            .AddComplexityAnalyzer(GraphCost.Configure)
            .AddValidationRule<IntrospectionDepthRule>()
            .AddErrorInfoProvider(o => o.ExposeExceptionDetails = detailedErrors)
            .AddUnhandledExceptionHandler(context => ToGraphError(context, detailedErrors))
            .WithTimeout(TimeSpan.FromSeconds(60)));
        return services;
    }

    /// <summary>
    /// A refusal of the query service keeps its message and gets its code, and so does a failure of the database itself
    /// (DB_POOL, DB_TIMEOUT); any other failure of a field says nothing about
    /// itself (GraphQL.NET would name the exception's type in the code). Failures of the document as a whole (a parser
    /// limit, say) keep GraphQL.NET's code and generic message.
    /// </summary>
    private static void ToGraphError(UnhandledExceptionContext context, bool detailedErrors)
    {
        if (context.OriginalException is GraphException refusal)
        {
            context.Exception = new ExecutionError(refusal.Message)
            {
                Code = refusal.Kind switch
                {
                    GraphErrorKind.NotFound => "NOT_FOUND",
                    GraphErrorKind.InvalidArgument => "INVALID_ARGUMENT",
                    GraphErrorKind.WritesDisabled => "WRITES_DISABLED",
                    _ => "REFUSED",
                },
            };
        }
        else if (DatabaseFailures.CauseOf(context.OriginalException) is { } cause)
        {
            context.Exception = new ExecutionError(FailureCauses.Message(cause)) { Code = FailureCauses.GraphQlCode(cause) };
        }
        else if (context.FieldContext is not null && !detailedErrors && context.OriginalException is not OperationCanceledException)
        {
            context.FieldContext?.RequestServices?.GetService<ILoggerFactory>()?.CreateLogger("RpcCompare.Server.GraphQl")
                .LogError(context.OriginalException, "A GraphQL field failed");
            context.Exception = new ExecutionError("Unexpected execution error.") { Code = "UNEXPECTED_EXECUTION_ERROR" };
        }
    }
}
