using RpcCompare.Server.Common;
using RpcCompare.Server.GraphQl;
using RpcCompare.Stacks;

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
