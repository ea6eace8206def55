using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Npgsql;
using RpcCompare.Data.Queries;

namespace RpcCompare.Data;

public static class GraphDataServices
{
    /// <summary>Registers the pooled EF context factory and the one <see cref="GraphQueries"/> every host calls.</summary>
    public static IServiceCollection AddGraphData(
        this IServiceCollection services, string connectionString, GraphQueryOptions? options = null)
    {
        var dataSource = new NpgsqlDataSourceBuilder(connectionString).Build();
        services.AddSingleton(dataSource);
        services.AddPooledDbContextFactory<GraphDb>(o => Configure(o, dataSource));
        services.AddSingleton(options ?? new GraphQueryOptions());
        services.AddSingleton<GraphQueries>();
        return services;
    }

    /// <summary>The same EF settings for hosts, seeder and tests.</summary>
    public static DbContextOptionsBuilder Configure(DbContextOptionsBuilder builder, NpgsqlDataSource dataSource) =>
        builder
            .UseNpgsql(dataSource, npgsql => npgsql.UseParameterizedCollectionMode(ParameterTranslationMode.Parameter))
            .UseQueryTrackingBehavior(QueryTrackingBehavior.NoTracking);

    public static GraphDb CreateContext(NpgsqlDataSource dataSource)
    {
        var builder = new DbContextOptionsBuilder<GraphDb>();
        Configure(builder, dataSource);
        return new GraphDb(builder.Options);
    }
}
