using RpcCompare.Definitions;
using RpcCompare.Hosting;
using RpcCompare.Server.GraphQl;

return StackHost.RunOrExplain(() =>
{
    if (HostArguments.Normalize(StackCatalog.GraphQl, args, GraphQlHost.DetailedErrors) is not { } normalized)
    {
        return null;
    }
    var builder = WebApplication.CreateBuilder(normalized);
    builder.AddGraphQlHost();
    var app = builder.Build();
    app.MapHealth();
    app.MapGraphQlEndpoint();
    app.ReportWhenReady();
    return app;
});
