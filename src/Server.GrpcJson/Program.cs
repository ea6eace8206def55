using RpcCompare.Server.Common;
using RpcCompare.Server.GrpcJson;
using RpcCompare.Stacks;

return StackHost.RunOrExplain(() =>
{
    if (HostArguments.Normalize(StackCatalog.GrpcJson, args) is not { } normalized)
    {
        return null;
    }
    var builder = WebApplication.CreateBuilder(normalized);
    builder.AddGrpcJsonHost();
    var app = builder.Build();
    app.UseRateLimiter();
    app.MapHealth();
    app.MapGraphGrpcJson();
    app.ReportWhenReady();
    return app;
});
