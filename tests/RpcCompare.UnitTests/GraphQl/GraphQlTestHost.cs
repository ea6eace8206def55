using System.Text.Json;
using Microsoft.Extensions.DependencyInjection;
using RpcCompare.Protocols.GraphQl;

namespace RpcCompare.UnitTests.GraphQl;

/// <summary>Runs requests against the test schema in process, one DI scope per request like ASP.NET Core does.</summary>
public sealed class GraphQlTestHost : IDisposable
{
    public GraphQlTestHost(GraphQlOptions? options = null, TestGraph? graph = null)
    {
        Graph = graph ?? new TestGraph();
        Provider = TestSchema.Services(Graph);
        Executor = new GraphQlExecutor(TestSchema.Build(), options);
    }

    public TestGraph Graph { get; }

    public ServiceProvider Provider { get; }

    public GraphQlExecutor Executor { get; }

    public async Task<ExecutionResult> ExecuteAsync(string query, object? variables = null, string? operationName = null)
    {
        using var scope = Provider.CreateScope();
        return await Executor.ExecuteAsync(GraphQlRequest.Create(query, variables, operationName), scope.ServiceProvider);
    }

    public async Task<JsonElement> RunAsync(string query, object? variables = null, string? operationName = null)
    {
        var result = await ExecuteAsync(query, variables, operationName);
        return JsonDocument.Parse(result.ToJson()).RootElement.Clone();
    }

    public void Dispose() => Provider.Dispose();
}

internal static class ServiceProviderTestExtensions
{
    /// <summary>A scope whose provider is also the disposable, for <c>using var</c> in tests.</summary>
    public static ScopedProvider CreateScopeForTest(this IServiceProvider provider) => new(provider.CreateScope());

    internal sealed class ScopedProvider(IServiceScope scope) : IServiceProvider, IDisposable
    {
        public object? GetService(Type serviceType) => scope.ServiceProvider.GetService(serviceType);

        public void Dispose() => scope.Dispose();
    }
}
