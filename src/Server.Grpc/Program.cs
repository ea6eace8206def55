using RpcCompare.Server.Common;
using RpcCompare.Server.Grpc;
using RpcCompare.Stacks;

return StackHost.RunOrExplain(() =>
{
    if (HostArguments.Normalize(StackCatalog.Grpc, args) is not { } normalized)
    {
        return null;
    }
    var builder = WebApplication.CreateBuilder(normalized);
    builder.AddGrpcHost();
    var app = builder.Build();
    app.MapGraphGrpc();
    app.ReportWhenReady();
    return app;
});
