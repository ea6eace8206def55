using RpcCompare.Server.Common;
using RpcCompare.Server.GrpcCodeFirst;
using RpcCompare.Stacks;

return StackHost.RunOrExplain(() =>
{
    if (HostArguments.Normalize(StackCatalog.GrpcCodeFirst, args) is not { } normalized)
    {
        return null;
    }
    var builder = WebApplication.CreateBuilder(normalized);
    builder.AddGrpcCodeFirstHost();
    var app = builder.Build();
    app.MapGraphCodeFirst();
    app.ReportWhenReady();
    return app;
});
