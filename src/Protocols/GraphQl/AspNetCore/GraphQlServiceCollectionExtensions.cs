using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;
using RpcCompare.Protocols.GraphQl.AspNetCore;

namespace RpcCompare.Protocols.GraphQl;

public static class GraphQlServiceCollectionExtensions
{
    /// <summary>Registers the schema, the executor (singleton), the per-request batch scheduler and the HTTP handler.</summary>
    public static IServiceCollection AddGraphQlServer(this IServiceCollection services, Schema schema, Action<GraphQlOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(schema);
        var options = services.AddOptions<GraphQlOptions>();
        if (configure is not null)
        {
            options.Configure(configure);
        }

        services.TryAddSingleton(schema);
        services.TryAddSingleton(sp => new GraphQlExecutor(
            sp.GetRequiredService<Schema>(),
            sp.GetRequiredService<IOptions<GraphQlOptions>>().Value,
            sp.GetService<ILoggerFactory>()?.CreateLogger<GraphQlExecutor>()));
        services.TryAddScoped<BatchScheduler>();
        services.TryAddSingleton<GraphQlHttpHandler>();
        return services;
    }

    /// <summary>Builds the schema now (so a misconfiguration fails at startup) and registers it.</summary>
    public static IServiceCollection AddGraphQlServer(this IServiceCollection services, Action<SchemaBuilder> buildSchema, Action<GraphQlOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(buildSchema);
        var builder = new SchemaBuilder();
        buildSchema(builder);
        return services.AddGraphQlServer(builder.Build(), configure);
    }

    /// <summary>Registers a DataLoader class (request-scoped) for <c>ctx.DataLoader&lt;T&gt;()</c>.</summary>
    public static IServiceCollection AddDataLoader<TLoader>(this IServiceCollection services)
        where TLoader : class, IDataLoader
    {
        services.TryAddScoped<BatchScheduler>();
        services.TryAddScoped<TLoader>();
        return services;
    }
}
