using RpcCompare.Server.Common;
using RpcCompare.Server.GrpcWeb;
using RpcCompare.Stacks;

return StackHost.Run(args, StackCatalog.GrpcWeb,
    add: builder => builder.AddGrpcWebHost(), map: app => app.MapGrpcWebHost());
